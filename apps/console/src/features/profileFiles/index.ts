export { loadExportDialog, loadImportDialog } from './loaders.ts';
