import path from 'node:path';
import { startAgent } from './agent.ts';
import { discoverChromium } from './browser/machine/discoverChromium.ts';
import { loadAgentConfig } from './config.ts';
import { MCP_PATH, mcpHttpHandler } from './mcp/httpTransport.ts';
import { askLaunchLink } from './api/askLaunchLink.ts';
import { claimInstance } from './storage/instanceLock.ts';
import { keepRunningOnStrayErrors } from './strayErrors.ts';
import { AppWindow } from './window/appWindow.ts';

/** Starts the desktop agent, opens the app window when there is a display, stops cleanly. */
async function main(): Promise<void> {
  const config = loadAgentConfig();
  const lock = claimInstance(config.dataDir);
  if ('running' in lock) {
    // Started again (the menu entry clicked twice): show the running client instead.
    const { url, pid } = lock.running;
    const chromium = discoverChromium();
    const link = url ? await askLaunchLink(config.dataDir, url) : null;
    if (link && config.appWindow && chromium) {
      new AppWindow({ chromium, userDataDir: path.join(config.dataDir, 'app-window') }).open(link);
      console.log(`Facet agent: already running (process ${pid}); opened its window at ${url}`);
    } else {
      console.log(`Facet agent: already running on ${config.dataDir} (process ${pid})${url ? ` at ${url}` : ''}`);
    }
    process.exit(0);
  }
  // The MCP server over Streamable HTTP, at the local API's /mcp behind its guard (docs/local-api.md).
  const mcp = mcpHttpHandler({ version: config.version });
  const agent = await startAgent(config, { localApiPaths: { [MCP_PATH]: mcp } }).catch((error: unknown) => {
    lock.release();
    throw error;
  });
  lock.setUrl(agent.url);
  console.log(`Facet agent: desktop client at ${agent.url} (server ${agent.serverUrl ?? 'not chosen yet: the console asks for it'})`);
  if (agent.localApi) {
    // The key is shown when it is made (or came from the environment); later starts name its file.
    const key = agent.localApiKeyCreated ? agent.localApiKey : config.localApiKey ? '(FACET_LOCAL_API_KEY)' : `in ${path.join(config.dataDir, 'local-api-key')}`;
    // Bound to every interface, it is still reached at loopback from this machine.
    const { host, port } = agent.localApi;
    const where = host === '0.0.0.0' ? `127.0.0.1:${port}` : host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
    console.log(`Facet agent: local API at http://${where}/api/v1/ — key ${key}${host === '0.0.0.0' ? ' (listening on every interface)' : ''}`);
    console.log(`Facet agent: MCP server (Streamable HTTP) at http://${where}${MCP_PATH} with the same key`);
    if (!config.apiToken) console.log('Facet agent: no FACET_API_TOKEN: the local API starts profiles once a console signs in');
  }
  if (config.appWindow && agent.window) {
    agent.window.open(agent.launchUrl());
    console.log('Facet agent: opened the console in a Chromium app window');
  } else {
    // No window of its own: a link for the person's browser. It opens the console once, within
    // two minutes; afterwards the browser stays admitted until the agent restarts.
    console.log(`Facet agent: open the console with ${agent.launchUrl()} (once, within 2 minutes)${config.appWindow ? ' — no Chromium found for its own window (set CHROME_PATH)' : ''}`);
  }
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await mcp.close();
    await agent.close();
    lock.release();
    process.exit(0);
  };
  agent.onQuit(() => {
    console.log('Facet agent: exit asked from the console');
    void shutdown();
  });
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

// The last resort (issue 34). Every port's handler answers its own failures
// (net/guardedHandlers.ts); what still escapes one is logged, and the agent keeps serving: its
// exit would take every running profile's browser, and the person's work in it, along.
keepRunningOnStrayErrors('Facet agent', 'the agent');

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
