import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, repoRoot } from '../support/processes.ts';

/**
 * `npm start` as the README gives it. Before issue 34, the agent's exit (one malformed request
 * could cause it) made npm start stop the server too; now the part that died is started again
 * and the run says why.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-npm-start-'));
let run: ReturnType<typeof spawn> | null = null;
let output = '';

afterAll(async () => {
  if (run && run.exitCode === null) {
    run.kill('SIGTERM');
    await new Promise((resolve) => run!.once('exit', resolve));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function waitFor(pattern: RegExp, count = 1, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((output.match(new RegExp(pattern.source, 'g')) ?? []).length < count) {
    if (Date.now() > deadline) throw new Error(`no ${pattern} (${count}) in:\n${output}`);
    if (run?.exitCode !== null) throw new Error(`npm start ended (${run?.exitCode}):\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The agent process npm start runs now. */
function agentPid(parent: number): number {
  const pid = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .find((name) => {
      try {
        const ppid = /^PPid:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${name}/status`, 'utf8'))?.[1];
        return Number(ppid) === parent && fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('apps/agent/src/main.ts');
      } catch {
        return false;
      }
    });
  if (!pid) throw new Error('no agent process under npm start');
  return Number(pid);
}

describe('npm start', () => {
  it('starts the agent again when it dies, says why, and keeps the server serving', async () => {
    const serverPort = await freePort();
    const env: Record<string, string> = { ...process.env as Record<string, string>, FACET_DATA_DIR: dataDir, FACET_SERVER_PORT: String(serverPort), FACET_AGENT_PORT: '0', FACET_LOCAL_API_PORT: '0', FACET_APP_WINDOW: '0', FACET_LOG_LEVEL: 'warn', FACET_FINGERPRINT_POOL: '0', FACET_RELAY_PORT: '0', DATABASE_URL: '', REDIS_URL: '' };
    delete env.DISPLAY;
    run = spawn(process.execPath, ['scripts/start.mjs'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    run.stdout!.on('data', (d) => (output += d));
    run.stderr!.on('data', (d) => (output += d));
    await waitFor(/Facet agent: desktop client at/);
    const config = () => fetch(`http://127.0.0.1:${serverPort}/config.json`).then((r) => r.status);
    expect(await config()).toBe(200);

    const first = agentPid(run.pid!);
    process.kill(first, 'SIGKILL');
    await waitFor(/agent stopped unexpectedly \(SIGKILL\); its last lines above say why\. Starting it again\./);
    await waitFor(/Facet agent: desktop client at/, 2);
    const second = agentPid(run.pid!);
    expect(second).not.toBe(first);
    expect(await config()).toBe(200);
    expect(output).not.toMatch(/stopping Facet/);

    // Ctrl-C still stops all of it.
    run.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => run!.once('exit', resolve));
    expect(code).toBe(0);
    expect(output).toMatch(/Facet stopped\./);
  });
});
