import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface BenchServer {
  url: string;
  /** The server's process id, to read its CPU time from /proc. */
  pid: number;
  /** Waits until the server's output matches (e.g. a pool being full). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** The real server entry (apps/server/src/main.ts) in its own process, as `npm start` runs it. */
/** `nodeArgs` e.g. `--cpu-prof` to see where a benchmark's server time goes. */
export async function startServer(env: Record<string, string>, port: number, nodeArgs: string[] = []): Promise<BenchServer> {
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    // The proxy relay on a free port unless the bench names one: a developer's `npm start` may hold the default.
    // No plan limits: the benches seed and create as many profiles as they measure with.
    env: { ...process.env, FACET_RELAY_PORT: '0', FACET_FREE_PROFILES: '-1', FACET_FREE_SUB_ACCOUNTS: '-1', ...env, FACET_SERVER_PORT: String(port), FACET_LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      if ((await fetch(`${url}/config.json`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server not ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid!,
    waitFor: async (pattern, timeoutMs = 120_000) => {
      const until = Date.now() + timeoutMs;
      while (!pattern.test(output)) {
        if (Date.now() > until) throw new Error(`server never printed ${pattern}:\n${output.slice(-2000)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    stop: () =>
      new Promise((resolve) => {
        // Stopped already (a bench that stops its server before the cleanup does): no exit comes again.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        // A server still working through a backlog may not finish closing: do not wait forever.
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
