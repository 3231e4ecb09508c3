export { loadUserInfoPage } from './loaders.ts';
