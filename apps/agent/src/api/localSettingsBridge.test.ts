import fs from 'node:fs';
import path from 'node:path';
import { BridgeError, kernelListSchema, localClientConfigSchema, resolveLanguage } from '@facet/contracts';
import { locales, lookup } from '@facet/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridgeAgent, type BridgeAgent } from '../../test/helpers/bridgeAgent.ts';

let bridge: BridgeAgent;
/** The console said hello in language 1: the agent's texts come in that language. */
const LANGUAGE = 1;
const text = (key: string) => lookup(locales[resolveLanguage(LANGUAGE).tag]!, key);

const ask = (type: string, parameter?: unknown) => bridge.ask(type, parameter);

beforeAll(async () => {
  bridge = await startBridgeAgent('facet-bridge-settings-', LANGUAGE);
});

afterAll(() => bridge.close());

describe('local settings over the bridge', () => {
  it('lists the installed kernels', async () => {
    const kernels = kernelListSchema.parse((await ask('kernels')).value);
    expect(kernels[0]).toMatchObject({ path: '/usr/lib/chromium/chromium', product: 'Chromium' });
  });

  it('describes the settings in the shape the console parses', async () => {
    const config = localClientConfigSchema.parse((await ask('configInfo')).value);
    expect(config.profileDir).toBe(path.join(bridge.root, 'agent', 'profiles'));
    expect(config.automationAddress).toBe(`127.0.0.1:${bridge.agent.localApi!.port}`);
    expect(config.bindAddresses).toContain('0.0.0.0');
  });

  it('refuses bad values with their own code and text, nothing changed', async () => {
    const config = localClientConfigSchema.parse((await ask('configInfo')).value);
    const form = { profileDir: config.profileDir, diskMinLimit: 0, Emulation: { open: true, bindip: '127.0.0.1', port: config.Emulation.port } };
    const refused = await ask('saveConfig', form);
    expect(refused.error).toBe(BridgeError.DISK_MIN_LIMIT);
    expect(refused.msg).toBe(text('localSettings.validation.diskMinLimit'));
    const port = await ask('saveConfig', { ...form, diskMinLimit: 2, Emulation: { ...form.Emulation, port: 0 } });
    expect(port.error).toBe(BridgeError.AUTOMATION_PORT);
    expect(port.msg).toBe(text('localSettings.validation.port'));
    expect((await ask('saveConfig', { ...form, diskMinLimit: '2' })).error).toBe(BridgeError.BAD_REQUEST);
    expect(fs.existsSync(path.join(bridge.root, 'agent', 'settings.json'))).toBe(false);
  });

  it('lists folders, and names missing and refused ones', async () => {
    fs.mkdirSync(path.join(bridge.root, 'pick/one'), { recursive: true });
    expect((await ask('listDirectory', { path: path.join(bridge.root, 'pick') })).value).toEqual({ path: path.join(bridge.root, 'pick'), parent: bridge.root, entries: [{ name: 'one' }], truncated: false });
    const missing = await ask('listDirectory', { path: path.join(bridge.root, 'nope') });
    expect(missing.error).toBe(BridgeError.NOT_FOUND);
    expect(missing.msg).toBe(text('localSettings.error.notFound'));
    expect((await ask('listDirectory', { path: 'relative' })).error).toBe(BridgeError.NOT_ALLOWED);
  });

  it('cleans the cache and bridge.pushes the result', async () => {
    const profile = path.join(bridge.root, 'agent', 'profiles', 'p1');
    fs.mkdirSync(path.join(profile, 'Default/Cache'), { recursive: true });
    fs.writeFileSync(path.join(profile, 'Local State'), '{}');
    fs.writeFileSync(path.join(profile, 'Default/Cache/data_1'), Buffer.alloc(4096));
    fs.writeFileSync(path.join(profile, 'Default/Cookies'), Buffer.alloc(100));
    const answer = await ask('cleanCache');
    expect(answer.value).toEqual({ freedBytes: 4096, cleaned: 1, skippedRunning: 0 });
    await expect.poll(() => bridge.pushes.find((p) => p.push === 'cleancache')).toEqual({ push: 'cleancache', parameter: answer.value });
    expect(bridge.pushes.filter((p) => p.push === 'cleancacheprogress').at(-1)).toEqual({ push: 'cleancacheprogress', parameter: { done: 1, total: 1 } });
    expect(fs.existsSync(path.join(profile, 'Default/Cookies'))).toBe(true);
  });
});
