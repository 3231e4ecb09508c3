import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BridgeError } from '@facet/contracts';
import type WebSocket from 'ws';
import { startAgent, type RunningAgent } from '../../src/agent.ts';
import { platformBuildsCache } from '../../src/config.ts';
import { askBridge, openAdmittedBridge, type BridgeAnswer } from './bridgeTestClient.ts';

/** Tests: an agent with no server behind it, and the console's bridge to it, greeted in `language`. */
export interface BridgeAgent {
  agent: RunningAgent;
  /** The temporary folder holding the agent's data (`agent/`) and its console page (`console/`). */
  root: string;
  ws: WebSocket;
  /** Every push the agent sent, in order. */
  pushes: { push: string; parameter?: unknown }[];
  ask(type: string, parameter?: unknown): Promise<BridgeAnswer>;
  close(): Promise<void>;
}

export async function startBridgeAgent(prefix: string, language: number): Promise<BridgeAgent> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const consoleDir = path.join(root, 'console');
  fs.mkdirSync(consoleDir, { recursive: true });
  fs.writeFileSync(path.join(consoleDir, 'index.html'), '<html><head></head><body></body></html>');
  const agent = await startAgent({ port: 0, serverUrl: 'http://127.0.0.1:9', dataDir: path.join(root, 'agent'), consoleDir, appWindow: false, version: 'test', localApiPort: 0, localApiKey: 'test-local-api-key-0123', apiToken: undefined, ipCheckUrl: 'http://127.0.0.1:9/', loopbackOnly: true, deviceName: 'Test computer', platformBuildsDir: platformBuildsCache() });
  const { ws, secret } = await openAdmittedBridge(agent);
  const pushes: BridgeAgent['pushes'] = [];
  ws.on('message', (raw) => {
    const message = JSON.parse(raw.toString());
    if (message.push) pushes.push(message);
  });
  let nextId = 1;
  const ask = (type: string, parameter?: unknown) => askBridge(ws, nextId++, type, parameter);
  const hello = await ask('hello', { secret, lang: language });
  if (hello.error !== BridgeError.OK) throw new Error(`the bridge refused hello: ${hello.msg}`);
  return {
    agent,
    root,
    ws,
    pushes,
    ask,
    async close() {
      ws.close();
      await agent.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
