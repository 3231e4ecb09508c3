export { loadPluginCentrePage } from './loaders.ts';
