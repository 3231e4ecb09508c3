import { startAgent } from './agent.ts';
import { loadAgentConfig } from './config.ts';

/** Starts the desktop agent, opens the app window when there is a display, stops cleanly. */
async function main(): Promise<void> {
  const config = loadAgentConfig();
  const agent = await startAgent(config);
  console.log(`Facet agent: desktop client at ${agent.url} (server ${config.serverUrl})`);
  if (config.appWindow && agent.window) {
    agent.window.open(agent.url);
    console.log('Facet agent: opened the console in a Chromium app window');
  } else if (config.appWindow) {
    console.log('Facet agent: no Chromium found (set CHROME_PATH); open the URL above in a browser');
  }
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await agent.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
