import path from 'node:path';
import { ensureNode, ensureNpmDependencies } from './lib/ensure.mjs';
import { root, tsxArgs } from './lib/paths.mjs';
import { run } from './lib/run.mjs';

// `npm run facet -- admin …`: the operator CLI, with dependencies installed first.
ensureNode();
await ensureNpmDependencies();
process.exit(await run(process.execPath, [...tsxArgs, path.join(root, 'apps/server/src/cli/main.ts'), ...process.argv.slice(2)], { cwd: root }));
