export { loadHelpPage } from './loaders.ts';
