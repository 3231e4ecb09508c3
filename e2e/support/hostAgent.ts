import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startProcess, type Started } from './processes.ts';

export interface HostAgent {
  started: Started;
  /** Its data folder (its device key, its host token, its runs' folders). */
  dataDir: string;
  /** Its name as the team sees it. */
  name: string;
  /**
   * Its local automation API (when `env.FACET_LOCAL_API_PORT` turned it on, port 0 for one it
   * binds itself): the origin it printed and the key to send, as e2e/support/automation.ts reads
   * the desktop agent's.
   */
  localApi: { baseUrl: string; key: string } | null;
  stop(): Promise<void>;
}

const LINKED = /host linked to \S+ as /;
const LOCAL_API = /local API at (\S+) — key (\S+)/;

/**
 * A host agent (`npm run host`'s entry, apps/agent/src/hostMain.ts) of the server at `serverUrl`,
 * joined with the one-time `code` a main account made (`host/enroll`), in a throwaway data folder
 * (`env.FACET_AGENT_DATA_DIR` names another: a host started again with its saved token, `code`
 * then unused). Resolves once its link is up (and its local API, when `env.FACET_LOCAL_API_PORT`
 * asks for one). Profile browsers stay on loopback.
 */
export async function startHostAgent(serverUrl: string, code: string, env: Record<string, string> = {}): Promise<HostAgent> {
  const dataDir = env.FACET_AGENT_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'facet-e2e-host-'));
  const name = env.FACET_HOST_NAME ?? `host-${path.basename(dataDir).slice(-6)}`;
  const started = await startProcess(
    'apps/agent/src/hostMain.ts',
    { FACET_SERVER_URL: serverUrl, FACET_HOST_CODE: code, FACET_HOST_NAME: name, FACET_AGENT_DATA_DIR: dataDir, FACET_BROWSER_LOOPBACK_ONLY: '1', FACET_LOG_LEVEL: 'warn', ...env },
    // With a local API, ready once both lines are out, in either order.
    env.FACET_LOCAL_API_PORT === undefined ? LINKED : new RegExp(`^(?=[\\s\\S]*${LINKED.source})(?=[\\s\\S]*${LOCAL_API.source})`),
  );
  return { started, dataDir, name, localApi: env.FACET_LOCAL_API_PORT === undefined ? null : localApiOf(started.output(), dataDir, env), stop: () => started.stop() };
}

/** The printed origin; the key printed when made, else the one the environment gave or the file keeps. */
function localApiOf(output: string, dataDir: string, env: Record<string, string>): { baseUrl: string; key: string } {
  const [, url, printed] = LOCAL_API.exec(output)!;
  const key = env.FACET_LOCAL_API_KEY ?? (printed === 'in' ? fs.readFileSync(path.join(dataDir, 'local-api-key'), 'utf8').trim() : printed!);
  return { baseUrl: new URL(url!).origin, key };
}

/** Waits until `find` answers something; on time out, says what it waited for and shows the host's last output. */
export async function untilOnHost<T>(host: HostAgent, find: () => Promise<T | undefined | null | false> | T | undefined | null | false, what: string, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}\n${host.started.output().slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
