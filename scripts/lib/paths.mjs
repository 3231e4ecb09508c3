import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const consoleDir = path.join(root, 'apps/console');
export const consoleDist = path.join(consoleDir, 'dist');
/** Runs our TypeScript entry points without a build step. */
export const tsxArgs = ['--import', 'tsx'];
