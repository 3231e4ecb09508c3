export { loadSharedPage } from './loaders.ts';
