// What other rooms load on demand, each its own chunk: the router's pages (app/router.tsx) and
// the dialogs other features open when first asked (lib/deferred.tsx).
export const loadTagManagerDialog = () => import('./TagManagerDialog.tsx').then((m) => m.TagManagerDialog);
export const loadTagProfilesDialog = () => import('./TagProfilesDialog.tsx').then((m) => m.TagProfilesDialog);
