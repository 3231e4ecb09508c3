import { loadHostConfig } from './config.ts';
import { HostJoinRefused } from './host/hostLink.ts';
import { HostNotJoined, startHost } from './host/hostAgent.ts';
import { claimInstance } from './storage/instanceLock.ts';

/**
 * The agent in host mode (`npm run host`): a Linux machine of the team that runs profiles for
 * remote use. No app window, no bridge, no console server, no local API. Exits non-zero when it
 * cannot join, or when its server has removed it.
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
  let closing = false;
  const shutdown = async (exitCode: number) => {
    if (closing) return;
    closing = true;
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

// As the desktop agent (main.ts): what escapes a handler is logged, and the runs go on.
process.on('uncaughtException', (error) => console.error('Facet host: an error no handler caught (the host keeps running):', error));
process.on('unhandledRejection', (reason) => console.error('Facet host: a failure no handler caught (the host keeps running):', reason));

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
