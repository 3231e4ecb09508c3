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
  stop(): Promise<void>;
}

/**
 * A host agent (`npm run host`'s entry, apps/agent/src/hostMain.ts) of the server at `serverUrl`,
 * joined with the one-time `code` a main account made (`host/enroll`), in a throwaway data folder
 * (`env.FACET_AGENT_DATA_DIR` names another: a host started again with its saved token, `code`
 * then unused). Resolves once its link is up. Profile browsers stay on loopback.
 */
export async function startHostAgent(serverUrl: string, code: string, env: Record<string, string> = {}): Promise<HostAgent> {
  const dataDir = env.FACET_AGENT_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'facet-e2e-host-'));
  const name = env.FACET_HOST_NAME ?? `host-${path.basename(dataDir).slice(-6)}`;
  const started = await startProcess(
    'apps/agent/src/hostMain.ts',
    { FACET_SERVER_URL: serverUrl, FACET_HOST_CODE: code, FACET_HOST_NAME: name, FACET_AGENT_DATA_DIR: dataDir, FACET_BROWSER_LOOPBACK_ONLY: '1', FACET_LOG_LEVEL: 'warn', ...env },
    /host linked to \S+ as /,
  );
  return { started, dataDir, name, stop: () => started.stop() };
}
