export { loadRecyclePage } from './loaders.ts';
