import path from 'node:path';
import { ensureNode, ensureNpmDependencies } from './lib/ensure.mjs';
import { root, tsxArgs } from './lib/paths.mjs';
import { run } from './lib/run.mjs';

// `npm run bench`: the benchmarks of bench/, results appended to docs/benchmarks.md.
ensureNode();
await ensureNpmDependencies();
process.exit(await run(process.execPath, [...tsxArgs, path.join(root, 'bench/run.ts'), ...process.argv.slice(2)], { cwd: root }));
