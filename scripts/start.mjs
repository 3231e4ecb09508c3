import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureConsoleBuild, ensureNode, ensureNpmDependencies, ensureSystemPackages } from './lib/ensure.mjs';
import { consoleDist, root, tsxArgs } from './lib/paths.mjs';

/**
 * `npm start`: the server on the embedded SQLite default, the agent, and the console in a
 * Chromium app window when a display exists. Ctrl-C stops all of it.
 */
ensureNode();
await ensureNpmDependencies();
await ensureSystemPackages({ required: false });
await ensureConsoleBuild();

const serverPort = process.env.FACET_SERVER_PORT || '8480';
const agentPort = process.env.FACET_AGENT_PORT || '8481';
const serverHost = process.env.FACET_SERVER_HOST || '127.0.0.1';
const serverUrl = `http://127.0.0.1:${serverPort}`;
const env = { FACET_LOG_PRETTY: '1', ...process.env, FACET_SERVER_PORT: serverPort, FACET_AGENT_PORT: agentPort, FACET_CONSOLE_DIR: consoleDist, FACET_SERVER_URL: serverUrl };

const children = new Map();
let stopping = false;

/** A part that dies is started again, unless it died this often within a minute: then it would only loop. */
const RESTARTS_PER_MINUTE = 5;
const recentDeaths = new Map();

function launch(name, entry) {
  const child = spawn(process.execPath, [...tsxArgs, path.join(root, entry)], { cwd: root, env, stdio: 'inherit' });
  children.set(name, child);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (stopping) return;
    const how = signal ?? `exit ${code}`;
    // Exit 0 is asked for: the console's "exit" ends the client, and with it this run.
    if (code === 0) {
      console.log(`\n${name} exited; stopping Facet.`);
      return void stop(0);
    }
    const now = Date.now();
    const deaths = [...(recentDeaths.get(name) ?? []).filter((at) => now - at < 60_000), now];
    recentDeaths.set(name, deaths);
    if (deaths.length > RESTARTS_PER_MINUTE) {
      console.error(`\n${name} stopped unexpectedly (${how}) ${deaths.length} times within a minute; stopping Facet. Its last lines above say why.`);
      return void stop(1);
    }
    // One part's fault (the agent's, say) must not take the other down with it.
    console.error(`\n${name} stopped unexpectedly (${how}); its last lines above say why. Starting it again.`);
    launch(name, entry);
  });
  return child;
}

async function stop(exitCode) {
  if (stopping) return;
  stopping = true;
  const waits = [...children.values()].map(
    (child) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  );
  await Promise.all(waits);
  console.log('Facet stopped.');
  process.exit(exitCode);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

async function waitForServer() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !stopping) {
    try {
      const response = await fetch(`${serverUrl}/config.json`);
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

launch('server', 'apps/server/src/main.ts');
if (!(await waitForServer())) {
  console.error(`The server did not answer on ${serverUrl} within 60 s.`);
  await stop(1);
}
launch('agent', 'apps/agent/src/main.ts');

const shownHost = serverHost === '0.0.0.0' ? '127.0.0.1' : serverHost;
console.log(`
Facet is running.
  Browser version (served by the server): http://${shownHost}:${serverPort}/
  Desktop client  (served by the agent):  http://127.0.0.1:${agentPort}/ — opens in its own window, or through the one-time link the agent prints (the bare address says how)
  API documentation:                      http://${shownHost}:${serverPort}/docs
Data: ${process.env.FACET_DATA_DIR ? path.resolve(process.env.FACET_DATA_DIR) : path.join(root, 'data')}. Press Ctrl-C to stop.
`);
