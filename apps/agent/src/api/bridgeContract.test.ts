import fs from 'node:fs';
import path from 'node:path';
import { BridgeError, resolveLanguage } from '@facet/contracts';
import { locales, lookup } from '@facet/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridgeAgent, type BridgeAgent } from '../../test/helpers/bridgeAgent.ts';

/**
 * The bridge request table at the agent's end: every parameter is parsed before its handler runs,
 * and one of the wrong type is refused as a bad request, in the console's language, with nothing done.
 */
let bridge: BridgeAgent;
const LANGUAGE = 1;
const badRequest = () => lookup(locales[resolveLanguage(LANGUAGE).tag]!, 'bridge.badRequest');

const ask = (type: string, parameter?: unknown) => bridge.ask(type, parameter);

beforeAll(async () => {
  bridge = await startBridgeAgent('facet-bridge-contract-', LANGUAGE);
});

afterAll(() => bridge.close());

describe('a bridge parameter of the wrong type', () => {
  it('is refused as a bad request, and nothing is done', async () => {
    // The settings as they stand, but the disk's free space (other programs write too).
    const settings = async () => ({ ...((await ask('configInfo')).value as object), diskFree: null });
    const before = await settings();
    const wrong: [string, unknown][] = [
      ['startBrowser', { profileId: 42 }],
      ['startBrowsers', { profileIds: 'p1' }],
      ['saveConfig', { profileDir: path.join(bridge.root, 'elsewhere'), diskMinLimit: 2, Emulation: { open: 'yes', bindip: '127.0.0.1', port: 50325 } }],
      ['setServer', { url: 5 }],
      ['session', { auth: ['token'] }],
      ['listDirectory', { path: bridge.root, showHidden: 'yes' }],
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
    expect(fs.existsSync(path.join(bridge.root, 'agent', 'settings.json'))).toBe(false);
    expect(fs.existsSync(path.join(bridge.root, 'elsewhere'))).toBe(false);
    expect(bridge.pushes).toEqual([]);
  });

  it('of the right type goes through as before', async () => {
    expect((await ask('isBrowserRunning', { profileId: 'p1' })).value).toBe(false);
    expect((await ask('listDirectory', { path: bridge.root })).value).toMatchObject({ path: bridge.root, entries: expect.arrayContaining([{ name: 'console' }]) });
  });
});

describe('the synchronizer over the bridge', () => {
  const worded = (key: string) => lookup(locales[resolveLanguage(LANGUAGE).tag]!, key);

  it('answers its status, and refuses with the error of each refusal, in the console language', async () => {
    expect((await ask('synchronizerStatus')).value).toEqual({ running: false, leaderId: null, followers: [] });
    expect(await ask('synchronizerStop')).toMatchObject({ error: BridgeError.SYNCHRONIZER_NOT_RUNNING, msg: worded('synchronizer.error.notRunning') });
    expect(await ask('synchronizerDrop', { profileId: 'p2' })).toMatchObject({ error: BridgeError.SYNCHRONIZER_NOT_RUNNING });
    expect(await ask('synchronizerStart', { leaderId: 'p1', followerIds: ['p2'] })).toMatchObject({ error: BridgeError.LEADER_NOT_RUNNING, msg: worded('synchronizer.error.leaderNotRunning') });
    expect(await ask('synchronizerStart', { leaderId: 'p1', followerIds: ['p1'] })).toMatchObject({ error: BridgeError.BAD_REQUEST });
  });
});
