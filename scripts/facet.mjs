import fs from 'node:fs';
import path from 'node:path';
import { ensureNode, ensureNpmDependencies } from './lib/ensure.mjs';
import { root, tsxArgs } from './lib/paths.mjs';
import { run } from './lib/run.mjs';

ensureNode();
if (process.argv[2] === 'mcp') {
  // `npm run --silent facet -- mcp`: the MCP server on stdio, where stdout is the protocol alone,
  // so nothing is installed here (an install writes to stdout). The agent it talks to must be
  // running, which `npm start` has set up.
  if (!fs.existsSync(path.join(root, 'node_modules/@modelcontextprotocol/sdk'))) {
    process.stderr.write('Facet MCP: dependencies are missing; run `npm start` once first.\n');
    process.exit(1);
  }
  process.exit(await run(process.execPath, [...tsxArgs, path.join(root, 'apps/agent/src/mcp/main.ts'), ...process.argv.slice(3)], { cwd: root }));
}
// `npm run facet -- admin …`: the operator CLI, with dependencies installed first.
await ensureNpmDependencies();
process.exit(await run(process.execPath, [...tsxArgs, path.join(root, 'apps/server/src/cli/main.ts'), ...process.argv.slice(2)], { cwd: root }));
