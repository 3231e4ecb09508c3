export { loadOperationLogPage } from './loaders.ts';
