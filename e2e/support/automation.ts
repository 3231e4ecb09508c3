import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { registerAgent } from './clientAccess.ts';
import { printedUrl, repoRoot, startProcess, type Stack, type Started } from './processes.ts';

/** An API token for an account, made with the operator CLI as an operator would. */
export function apiTokenFor(stack: Stack, email: string): string {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/main.ts', 'admin', 'api-token', '--email', email], { cwd: repoRoot, env: { ...process.env, ...stack.env }, encoding: 'utf8' });
  return out.trim();
}

export interface AutomationAgent {
  started: Started;
  /** The local API's origin. */
  baseUrl: string;
  /** Its desktop client's console, http://127.0.0.1:port. */
  consoleUrl: string;
  key: string;
  dataDir: string;
  /** GET or POST on the local API with the key; the parsed answer. */
  call(pathAndQuery: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: { code: number; msg: string; data?: any } }>;
  stop(): Promise<void>;
}

/**
 * A desktop agent acting as the account of `apiToken`; its console and local API on ports it
 * binds itself (port 0) and prints, never on ports found free beforehand (processes.ts says why).
 * `localSettings`: its settings.json (storage/localSettings.ts) before it starts.
 */
export async function startAutomationAgent(stack: Stack, apiToken: string, env: Record<string, string> = {}, localSettings?: Record<string, unknown>): Promise<AutomationAgent> {
  const dataDir = fs.mkdtempSync(path.join(stack.dataDir, 'agent-'));
  // Its local settings as the desktop client's gear would have saved them, before it first reads them.
  if (localSettings) fs.writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify(localSettings));
  const started = await startProcess(
    'apps/agent/src/main.ts',
    { ...stack.env, FACET_APP_WINDOW: '0', FACET_AGENT_PORT: '0', FACET_AGENT_DATA_DIR: dataDir, FACET_API_TOKEN: apiToken, ...env },
    /local API at (\S+) — key (\S+)/,
  );
  const [, apiUrl, key] = /local API at (\S+) — key (\S+)/.exec(started.output())!;
  const baseUrl = new URL(apiUrl!).origin;
  const consoleUrl = printedUrl(started, /desktop client at /);
  registerAgent(consoleUrl, dataDir);
  return {
    started,
    baseUrl,
    consoleUrl,
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
