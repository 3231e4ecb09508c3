import { ensureConsoleBuild, ensureNode, ensureNpmDependencies } from './lib/ensure.mjs';

ensureNode();
await ensureNpmDependencies();
await ensureConsoleBuild();
