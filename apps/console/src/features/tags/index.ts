export { TagSelect } from './TagSelect.tsx';
export { loadTagManagerDialog, loadTagProfilesDialog } from './loaders.ts';
