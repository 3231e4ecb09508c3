// What other rooms load on demand, each its own chunk: the router's pages (app/router.tsx) and
// the dialogs other features open when first asked (lib/deferred.tsx).
export const loadImportDialog = () => import('./ImportDialog.tsx').then((m) => m.ImportDialog);
export const loadExportDialog = () => import('./ExportDialog.tsx').then((m) => m.ExportDialog);
