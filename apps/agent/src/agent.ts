import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { bridgeHandlers } from './api/bridgeHandlers.ts';
import { BridgeServer } from './api/bridgeServer.ts';
import { consoleRequestHandler } from './api/consoleServer.ts';
import { discoverChromium } from './browser/discoverChromium.ts';
import type { AgentConfig } from './config.ts';
import { RunningProfiles } from './core/runningProfiles.ts';
import { readOrCreateInstallSecret } from './storage/installSecret.ts';
import { AppWindow } from './window/appWindow.ts';

export interface RunningAgent {
  url: string;
  port: number;
  bridge: BridgeServer;
  running: RunningProfiles;
  window: AppWindow | null;
  close(): Promise<void>;
}

/** Starts the agent: the console in client mode and the bridge, both on 127.0.0.1 only. */
export async function startAgent(config: AgentConfig): Promise<RunningAgent> {
  const secret = readOrCreateInstallSecret(config.dataDir);
  const running = new RunningProfiles();
  const chromium = discoverChromium();
  const window = chromium ? new AppWindow({ chromium, userDataDir: path.join(config.dataDir, 'app-window') }) : null;
  let port = config.port;
  const bridge = new BridgeServer(secret, () => port, bridgeHandlers({ dataDir: config.dataDir, running, window }), () =>
    console.log('Facet agent: a console connected to the bridge'),
  );
  const server = http.createServer(
    consoleRequestHandler({
      consoleDir: config.consoleDir,
      serverUrl: config.serverUrl,
      port: () => port,
      bootstrap: () => ({ bridgeUrl: `ws://127.0.0.1:${port}/bridge`, secret, agentVersion: config.version }),
    }),
  );
  server.on('upgrade', (req, socket, head) => bridge.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/`;
  return {
    url,
    port,
    bridge,
    running,
    window,
    close: async () => {
      await running.stopAll();
      await window?.close();
      bridge.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
