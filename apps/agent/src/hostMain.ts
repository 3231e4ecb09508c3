import path from 'node:path';
import { startHostLocalApi } from './api/localApi/hostLocalApi.ts';
import type { LocalApi } from './api/localApi/server.ts';
import { chromedriverFinder } from './browser/machine/chromedriver.ts';
import { loadHostConfig, type HostConfig } from './config.ts';
import { HostJoinRefused } from './host/hostLink.ts';
import { HostNotJoined, startHost, type RunningHost } from './host/hostAgent.ts';
import { apiPasswordChecker } from './storage/apiPassword.ts';
import { claimInstance } from './storage/instanceLock.ts';
import { keepRunningOnStrayErrors } from './strayErrors.ts';
import { readOrCreateLocalApiKey } from './storage/localApiKey.ts';

/**
 * The agent in host mode (`npm run host`): a Linux machine of the team that runs profiles for
 * remote use. No app window, no bridge, no console server; with FACET_LOCAL_API_PORT, a local API
 * that finds the browsers it runs (and starts none). Exits non-zero when it cannot join, or when
 * its server has removed it.
 */
async function main(): Promise<void> {
  const config = loadHostConfig();
  const log = (line: string) => console.log(`Facet host: ${line}`);
  // One agent per data folder, host or desktop: two would launch the same profile folders.
  const lock = claimInstance(config.dataDir);
  if ('running' in lock) {
    console.error(`Facet host: an agent already runs on ${config.dataDir} (process ${lock.running.pid})`);
    process.exit(1);
  }
  let host;
  try {
    host = await startHost(config, log);
  } catch (error) {
    lock.release();
    if (error instanceof HostNotJoined) console.error(`Facet host: ${error.message}`);
    else if (error instanceof HostJoinRefused) console.error(`Facet host: ${config.serverUrl} refused the code (code ${error.code}): it is wrong, used or older than 15 minutes; make a new one in the console's Hosts page`);
    else console.error('Facet host: could not start:', error);
    process.exit(1);
  }
  let localApi: LocalApi | null = null;
  try {
    if (config.localApiPort !== null) localApi = await openLocalApi(config, host);
  } catch (error) {
    console.error('Facet host: could not open its local API:', error);
    await host.close();
    lock.release();
    process.exit(1);
  }
  let closing = false;
  const shutdown = async (exitCode: number) => {
    if (closing) return;
    closing = true;
    await localApi?.close();
    await host.close();
    lock.release();
    process.exit(exitCode);
  };
  void host.removed.then(() => {
    console.error(`Facet host: removed from ${config.serverUrl}; closing. To host again, join with a new code (FACET_HOST_CODE).`);
    void shutdown(2);
  });
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
}

/**
 * The desktop agent's local API over the host's runs (api/localApi/hostLocalApi.ts), with its key
 * file, and the bind address, password and keyless of the host's settings.json; the same line as
 * the desktop agent's tells where it is.
 */
async function openLocalApi(config: HostConfig, host: RunningHost): Promise<LocalApi> {
  const { key, created } = readOrCreateLocalApiKey(config.dataDir, config.localApiKey);
  const { bindip, passwordHash, keyless } = host.settings.automation;
  const passwordMatches = passwordHash ? apiPasswordChecker(passwordHash) : null;
  const api = await startHostLocalApi(
    { key, browsers: host.runs, password: () => passwordMatches, keyless: () => keyless, webdriver: chromedriverFinder(), version: config.version },
    config.localApiPort ?? 0,
    bindip,
  );
  const shown = created ? key : config.localApiKey ? '(FACET_LOCAL_API_KEY)' : `in ${path.join(config.dataDir, 'local-api-key')}`;
  const where = api.host === '0.0.0.0' ? `127.0.0.1:${api.port}` : api.host.includes(':') ? `[${api.host}]:${api.port}` : `${api.host}:${api.port}`;
  console.log(`Facet host: local API at http://${where}/api/v1/ — key ${shown}${api.host === '0.0.0.0' ? ' (listening on every interface)' : ''}`);
  console.log('Facet host: its local API finds the profiles this host runs for remote use (browser/active, local-active) and starts none');
  return api;
}

// As the desktop agent (main.ts): what escapes a handler is logged, and the runs go on.
keepRunningOnStrayErrors('Facet host', 'the host');

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
