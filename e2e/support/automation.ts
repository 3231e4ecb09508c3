import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { registerAgent } from './clientAccess.ts';
import { freePort, repoRoot, startProcess, type Stack, type Started } from './processes.ts';

/** An API token for an account, made with the operator CLI as an operator would. */
export function apiTokenFor(stack: Stack, email: string): string {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/main.ts', 'admin', 'api-token', '--email', email], { cwd: repoRoot, env: { ...process.env, ...stack.env }, encoding: 'utf8' });
  return out.trim();
}

export interface AutomationAgent {
  started: Started;
  baseUrl: string;
  key: string;
  dataDir: string;
  /** GET or POST on the local API with the key; the parsed answer. */
  call(pathAndQuery: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: { code: number; msg: string; data?: any } }>;
  stop(): Promise<void>;
}

/** A desktop agent acting as the account of `apiToken`, with its local API on a free port. */
export async function startAutomationAgent(stack: Stack, apiToken: string, env: Record<string, string> = {}): Promise<AutomationAgent> {
  const dataDir = fs.mkdtempSync(path.join(stack.dataDir, 'agent-'));
  const started = await startProcess(
    'apps/agent/src/main.ts',
    { ...stack.env, FACET_APP_WINDOW: '0', FACET_AGENT_PORT: String(await freePort()), FACET_AGENT_DATA_DIR: dataDir, FACET_API_TOKEN: apiToken, ...env },
    /local API at (\S+) — key (\S+)/,
  );
  const [, apiUrl, key] = /local API at (\S+) — key (\S+)/.exec(started.output())!;
  const baseUrl = new URL(apiUrl!).origin;
  const agentPort = (env.FACET_AGENT_PORT ?? /desktop client at http:\/\/127\.0\.0\.1:(\d+)/.exec(started.output())?.[1])!;
  registerAgent(`http://127.0.0.1:${agentPort}`, dataDir);
  return {
    started,
    baseUrl,
    key: key!,
    dataDir,
    call: async (pathAndQuery, init = {}) => {
      const response = await fetch(`${baseUrl}${pathAndQuery}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: { authorization: `Bearer ${key}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      return { status: response.status, body: (await response.json()) as { code: number; msg: string; data?: any } };
    },
    stop: () => started.stop(),
  };
}
