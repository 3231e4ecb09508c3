export { loadRewardPage } from './loaders.ts';
