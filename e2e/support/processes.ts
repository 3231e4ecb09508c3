import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { registerAgent } from './clientAccess.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** A port free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Started {
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/** Starts one of our TypeScript entry points and waits until its output shows `ready`. */
export async function startProcess(entry: string, env: Record<string, string>, ready: RegExp, timeoutMs = 60_000): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, entry)], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running for the rest of the suite (a hung agent outlived its run by 20 minutes).
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      reject(new Error(`${entry} not ready in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const check = () => {
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited with ${code}:\n${output}`));
    });
  });
  return {
    child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => {
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            // already gone
          }
        }, 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        process.kill(-child.pid!, 'SIGTERM');
      }),
  };
}

export const E2E_CAPTCHA = 'W7KZ';

export interface Stack {
  dataDir: string;
  /** What the server and agent were started with, for a further agent of the same stack. */
  env: Record<string, string>;
  serverUrl: string;
  agentUrl: string;
  server: Started;
  agent: Started;
  /** The newest verification code mailed to an address, from the outbox. */
  codeFor(address: string): string;
  stop(): Promise<void>;
}

/** The http://127.0.0.1:port a started process printed after `label`. */
export function printedUrl(started: Started, label: RegExp): string {
  const found = new RegExp(`${label.source}(http://127\\.0\\.0\\.1:\\d+)`).exec(started.output());
  if (!found) throw new Error(`no address after ${label} in:\n${started.output()}`);
  return found[1]!;
}

/**
 * Server (SQLite in a throwaway data root) and agent, as `npm start` runs them. Each binds port 0
 * and says which port it got: a port found free beforehand can be taken by someone else's
 * connection before the process binds it (an agent failed on EADDRINUSE that way in CI).
 */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-e2e-'));
  const common = {
    FACET_DATA_DIR: dataDir,
    FACET_CONSOLE_DIR: path.join(repoRoot, 'apps/console/dist'),
    FACET_SERVER_PORT: '0',
    FACET_AGENT_PORT: '0',
    FACET_LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    // Its own keys when a developer's shell sets REDIS_URL (npm test gives it to no e2e stack):
    // under the shared default prefix, rate counts outlived the stack, and sign-ups were refused
    // after some thirty runs in an hour.
    FACET_REDIS_PREFIX: `${path.basename(dataDir)}:`,
    // Enough ready fingerprints for the journeys, without the server filling 1,000 per system
    // while Chromium needs the CPU.
    FACET_FINGERPRINT_POOL: '60',
    // Each agent's local API on a port of its own, and profile browsers kept on loopback.
    FACET_LOCAL_API_PORT: '0',
    FACET_BROWSER_LOOPBACK_ONLY: '1',
    // The server's proxy relay on a port of its own too; the journeys' proxies live on loopback.
    FACET_RELAY_PORT: '0',
    FACET_RELAY_PRIVATE_UPSTREAMS: '1',
    // No plan limits unless a journey names them (the payment journeys, accessEnds.test.ts).
    FACET_FREE_PROFILES: '-1',
    FACET_FREE_SUB_ACCOUNTS: '-1',
    ...env,
  };
  const server = await startProcess('apps/server/test/serve-for-e2e.ts', { ...common, E2E_CAPTCHA_TEXT: E2E_CAPTCHA }, /ready http/);
  const serverUrl = printedUrl(server, /ready /);
  // Further agents of this stack (startAutomationAgent) start with the same, on ports of their own.
  const stackEnv: Record<string, string> = { ...common, FACET_SERVER_URL: serverUrl };
  const agent = await startProcess('apps/agent/src/main.ts', { FACET_APP_WINDOW: '0', ...stackEnv }, /desktop client at/);
  const agentUrl = printedUrl(agent, /desktop client at /);
  registerAgent(agentUrl, stackEnv.FACET_AGENT_DATA_DIR || path.join(dataDir, 'agent'));
  const outbox = path.join(dataDir, 'outbox');
  return {
    dataDir,
    env: stackEnv,
    serverUrl,
    agentUrl,
    server,
    agent,
    codeFor: (address) => {
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.includes(address)).sort() : [];
      const newest = files.pop();
      if (!newest) throw new Error(`no mail for ${address} in ${outbox}`);
      const code = /\b(\d{6})\b/.exec(fs.readFileSync(path.join(outbox, newest), 'utf8'))?.[1];
      if (!code) throw new Error(`no code in ${newest}`);
      return code;
    },
    stop: async () => {
      await agent.stop();
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
