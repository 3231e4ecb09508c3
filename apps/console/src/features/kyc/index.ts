export { loadKycPage } from './loaders.ts';
