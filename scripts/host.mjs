import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureNode, ensureNpmDependencies, ensureSystemPackages } from './lib/ensure.mjs';
import { root, tsxArgs } from './lib/paths.mjs';

/**
 * `npm run host`: this Linux machine as a host of a team (docs/deployment.md, "Hosts"): the agent
 * in host mode, linked to FACET_SERVER_URL, running profiles for remote use, each on its own
 * Xvnc display. The first start joins with FACET_HOST_CODE. Ctrl-C closes its profiles (their
 * state saved) and stops it.
 */
ensureNode();
if (!process.env.FACET_SERVER_URL) {
  console.error('Set FACET_SERVER_URL to the team\'s server (and, the first time, FACET_HOST_CODE to a code from the console\'s Hosts page):\n  FACET_SERVER_URL=https://facet.example.com FACET_HOST_CODE=XXXX-XXXX-XXXX npm run host');
  process.exit(1);
}
await ensureNpmDependencies();
await ensureSystemPackages({ required: true, vnc: true });

const child = spawn(process.execPath, [...tsxArgs, path.join(root, 'apps/agent/src/hostMain.ts')], { cwd: root, env: process.env, stdio: 'inherit' });
// The host closes its profiles itself on these; this process only passes them on and waits.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
