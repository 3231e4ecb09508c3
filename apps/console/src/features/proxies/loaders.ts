// What other rooms load on demand, each its own chunk: the router's pages (app/router.tsx) and
// the dialogs other features open when first asked (lib/deferred.tsx).
export const loadProxyListDialog = () => import('./ProxyListDialog.tsx').then((m) => m.ProxyListDialog);
export const loadAssignProxyDialog = () => import('./AssignProxyDialog.tsx').then((m) => m.AssignProxyDialog);
