export { loadHostsPage, loadHostsView, loadOpenRemotelyDialog, loadRemoteViewerPage } from './loaders.ts';
export type { OpenRemotelyDialogProps } from './OpenRemotelyDialog.tsx';
