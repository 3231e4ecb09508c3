export { CONNECT_PATH } from './connectPath.ts';
export type { ConnectReason } from './ConnectServerPage.tsx';
export { loadConnectServerPage, loadLockedPage } from './loaders.ts';
