export { UpdateNotes } from './UpdateNotes.tsx';
export { loadUpdateLogDialog } from './loaders.ts';
