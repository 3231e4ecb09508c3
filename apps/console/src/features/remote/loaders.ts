// What other rooms load on demand, each its own chunk: the router's pages (app/router.tsx) and
// the dialog the profile list opens when first asked (lib/deferred.tsx). The viewer brings noVNC.
export const loadHostsPage = () => import('./HostsPage.tsx');
export const loadRemoteViewerPage = () => import('./RemoteViewerPage.tsx');
export const loadOpenRemotelyDialog = () => import('./OpenRemotelyDialog.tsx').then((m) => m.OpenRemotelyDialog);
export const loadHostsView = () => import('./HostsPage.tsx').then((m) => m.HostsView);
