export { CookieDialog } from './CookieDialog.tsx';
export { loadCookieDialog } from './loaders.ts';
