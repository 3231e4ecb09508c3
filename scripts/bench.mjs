import path from 'node:path';
import { ensureNode, ensureNpmDependencies } from './lib/ensure.mjs';
import { root, tsxArgs } from './lib/paths.mjs';
import { run } from './lib/run.mjs';

// `npm run bench`: the benchmarks of bench/, results appended to docs/benchmarks.md.
ensureNode();
await ensureNpmDependencies();
// --expose-gc: the launch bench measures the agent's memory per profile after a collection.
process.exit(await run(process.execPath, ['--expose-gc', ...tsxArgs, path.join(root, 'bench/run.ts'), ...process.argv.slice(2)], { cwd: root }));
