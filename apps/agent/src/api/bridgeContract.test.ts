import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BridgeError, resolveLanguage } from '@facet/contracts';
import { locales, lookup } from '@facet/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { startAgent, type RunningAgent } from '../agent.ts';
import { askBridge, openAdmittedBridge } from '../../test/helpers/bridgeTestClient.ts';
import { platformBuildsCache } from '../config.ts';

/**
 * The bridge request table at the agent's end: every parameter is parsed before its handler runs,
 * and one of the wrong type is refused as a bad request, in the console's language, with nothing done.
 */
let agent: RunningAgent;
let root: string;
let ws: WebSocket;
let nextId = 1;
const pushes: unknown[] = [];
const LANGUAGE = 1;
const badRequest = () => lookup(locales[resolveLanguage(LANGUAGE).tag]!, 'bridge.badRequest');

const ask = (type: string, parameter?: unknown) => askBridge(ws, nextId++, type, parameter);

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-bridge-contract-'));
  const consoleDir = path.join(root, 'console');
  fs.mkdirSync(consoleDir, { recursive: true });
  fs.writeFileSync(path.join(consoleDir, 'index.html'), '<html><head></head><body></body></html>');
  agent = await startAgent({ port: 0, serverUrl: 'http://127.0.0.1:9', dataDir: path.join(root, 'agent'), consoleDir, appWindow: false, version: 'test', localApiPort: 0, localApiKey: 'test-local-api-key-0123', apiToken: undefined, ipCheckUrl: 'http://127.0.0.1:9/', loopbackOnly: true, deviceName: 'Test computer', platformBuildsDir: platformBuildsCache() });
  let secret: string;
  ({ ws, secret } = await openAdmittedBridge(agent));
  ws.on('message', (raw) => {
    const message = JSON.parse(raw.toString());
    if (message.push) pushes.push(message);
  });
  expect((await ask('hello', { secret, lang: LANGUAGE })).error).toBe(BridgeError.OK);
});

afterAll(async () => {
  ws.close();
  await agent.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('a bridge parameter of the wrong type', () => {
  it('is refused as a bad request, and nothing is done', async () => {
    // The settings as they stand, but the disk's free space (other programs write too).
    const settings = async () => ({ ...((await ask('configInfo')).value as object), diskFree: null });
    const before = await settings();
    const wrong: [string, unknown][] = [
      ['startBrowser', { profileId: 42 }],
      ['startBrowsers', { profileIds: 'p1' }],
      ['saveConfig', { profileDir: path.join(root, 'elsewhere'), diskMinLimit: 2, Emulation: { open: 'yes', bindip: '127.0.0.1', port: 50325 } }],
      ['setServer', { url: 5 }],
      ['session', { auth: ['token'] }],
      ['listDirectory', { path: root, showHidden: 'yes' }],
      ['arrangeWindows', { columns: 'two' }],
      // A request that takes nothing takes nothing.
      ['cleanCache', { everything: true }],
      ['logout', {}],
    ];
    for (const [type, parameter] of wrong) {
      const reply = await ask(type, parameter);
      expect(reply, type).toMatchObject({ error: BridgeError.BAD_REQUEST, type, msg: badRequest(), parameter });
      expect(reply.value, type).toBeUndefined();
    }
    expect((await ask('runningBrowsers')).value).toEqual([]);
    expect((await ask('browserBatches')).value).toEqual([]);
    expect(await settings()).toEqual(before);
    expect(fs.existsSync(path.join(root, 'agent', 'settings.json'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'elsewhere'))).toBe(false);
    expect(pushes).toEqual([]);
  });

  it('of the right type goes through as before', async () => {
    expect((await ask('isBrowserRunning', { profileId: 'p1' })).value).toBe(false);
    expect((await ask('listDirectory', { path: root })).value).toMatchObject({ path: root, entries: expect.arrayContaining([{ name: 'console' }]) });
  });
});
