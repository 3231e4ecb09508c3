export { loadAssignProxyDialog, loadProxyListDialog } from './loaders.ts';
