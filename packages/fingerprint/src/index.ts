export { generateIdentity, rewriteBrowserMajor, type GeneratedIdentity } from './generate.ts';
