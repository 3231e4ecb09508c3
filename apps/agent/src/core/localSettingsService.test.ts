import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BridgeError, type SaveConfigParameter } from '@facet/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLocalApi } from '../api/localApi/server.ts';
import { SETTINGS_FILE, writeLocalSettings } from '../storage/localSettings.ts';
import { bindableAddresses, LocalSettingsService, SettingsRefusal } from './localSettingsService.ts';
import { RunningProfiles } from './runningProfiles.ts';

const KEY = 'unit-test-local-api-key-0123';
let dataDir: string;
let service: LocalSettingsService;
const lines: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function serviceWith(settings: { open: boolean; port: number; bindip?: string }, portOverride: number | null = null): Promise<LocalSettingsService> {
  writeLocalSettings(dataDir, { profileDir: '', diskMinLimitGb: 1, automation: { bindip: '127.0.0.1', passwordHash: '', keyless: false, ...settings } });
  const running = new RunningProfiles({ launch: () => Promise.reject(new Error('no launches in this test')) });
  const made: LocalSettingsService = new LocalSettingsService({
    dataDir,
    portOverride,
    startApi: (bindIp, port) => startLocalApi({ key: KEY, running, source: () => null, password: made.password }, port, bindIp),
    log: (line) => lines.push(line),
  });
  await made.startAutomation();
  return made;
}

/** GET /api/v1/status: the HTTP status, or the socket error when nothing listens. */
function status(port: number, headers: Record<string, string> = { authorization: `Bearer ${KEY}` }, host = '127.0.0.1'): Promise<number | string> {
  return new Promise((resolve) => {
    http
      .get({ host, port, path: '/api/v1/status', headers, agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

function form(service: LocalSettingsService, change: Partial<Omit<SaveConfigParameter, 'Emulation'>> & { Emulation?: Partial<SaveConfigParameter['Emulation']> } = {}): Promise<SaveConfigParameter> {
  return service.configInfo().then((info) => ({
    profileDir: change.profileDir ?? info.profileDir,
    diskMinLimit: change.diskMinLimit === undefined ? info.diskMinLimit : change.diskMinLimit,
    Emulation: { open: info.Emulation.open, bindip: info.Emulation.bindip, port: info.Emulation.port, ...change.Emulation },
  }));
}

async function refusal(promise: Promise<unknown>): Promise<number> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SettingsRefusal);
  return (error as SettingsRefusal).code;
}

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-local-settings-'));
});
afterEach(async () => {
  await service?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('saving the local settings', () => {
  it('shows the API where it listens under FACET_LOCAL_API_PORT, and saving another setting leaves it there', async () => {
    const [saved, overridden] = [await freePort(), await freePort()];
    service = await serviceWith({ open: false, port: saved }, overridden);
    const info = await service.configInfo();
    expect(info.automationAddress).toBe(`127.0.0.1:${overridden}`);
    expect(info.Emulation).toMatchObject({ open: true, bindip: '127.0.0.1', port: overridden });
    // Only the disk limit changes: scripts keep their API, and the saved automation section stays.
    await service.save(await form(service, { diskMinLimit: 3 }));
    expect(await status(overridden)).toBe(200);
    expect(await status(saved)).toBe('ECONNREFUSED');
    expect((await service.configInfo()).diskMinLimit).toBe(3);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, SETTINGS_FILE), 'utf8')).automation).toMatchObject({ open: false, port: saved });
  });

  it('refuses what spec §5 and this machine do not allow, with a code, and changes nothing', async () => {
    const port = await freePort();
    service = await serviceWith({ open: true, port });
    const file = path.join(dataDir, SETTINGS_FILE);
    const before = fs.readFileSync(file, 'utf8');
    const aFile = path.join(dataDir, 'a-file');
    fs.writeFileSync(aFile, '');
    expect(await refusal(service.save(await form(service, { diskMinLimit: 0 })))).toBe(BridgeError.DISK_MIN_LIMIT);
    expect(await refusal(service.save(await form(service, { diskMinLimit: 1.5 })))).toBe(BridgeError.DISK_MIN_LIMIT);
    expect(await refusal(service.save(await form(service, { diskMinLimit: null })))).toBe(BridgeError.DISK_MIN_LIMIT);
    expect(await refusal(service.save(await form(service, { Emulation: { port: 0 } })))).toBe(BridgeError.AUTOMATION_PORT);
    expect(await refusal(service.save(await form(service, { Emulation: { port: 70000 } })))).toBe(BridgeError.AUTOMATION_PORT);
    expect(await refusal(service.save(await form(service, { Emulation: { bindip: '203.0.113.9' } })))).toBe(BridgeError.BIND_IP);
    expect(await refusal(service.save(await form(service, { profileDir: 'relative/profiles' })))).toBe(BridgeError.PROFILE_DIR_NOT_FOUND);
    expect(await refusal(service.save(await form(service, { profileDir: path.join(dataDir, 'no/such/folder') })))).toBe(BridgeError.PROFILE_DIR_NOT_FOUND);
    expect(await refusal(service.save(await form(service, { profileDir: aFile })))).toBe(BridgeError.PROFILE_DIR_NOT_FOUND);
    expect(await refusal(service.save(await form(service, { profileDir: '/sys' })))).toBe(BridgeError.PROFILE_DIR_NOT_WRITABLE);
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
    expect(await status(port)).toBe(200);
  });

  it('keeps the port for later when automation is off, whatever the field holds', async () => {
    service = await serviceWith({ open: true, port: await freePort() });
    const saved = await service.save(await form(service, { diskMinLimit: 3, Emulation: { open: false, port: 0 } }));
    expect(saved.diskMinLimit).toBe(3);
    expect(saved.Emulation.open).toBe(false);
    expect(saved.Emulation.port).toBe((await service.configInfo()).Emulation.port);
    expect(saved.automationAddress).toBeNull();
  });

  it('makes a new profile folder inside a writable one and uses it for the next starts', async () => {
    service = await serviceWith({ open: false, port: 50325 });
    const chosen = path.join(dataDir, 'elsewhere');
    const saved = await service.save(await form(service, { profileDir: chosen }));
    expect(saved.profileDir).toBe(chosen);
    expect(fs.statSync(chosen).isDirectory()).toBe(true);
    expect(service.profilesDir()).toBe(chosen);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, SETTINGS_FILE), 'utf8')).profileDir).toBe(chosen);
    // The default folder is kept as "the default", so it follows the data folder.
    await service.save(await form(service, { profileDir: service.defaultProfileDir }));
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, SETTINGS_FILE), 'utf8')).profileDir).toBe('');
  });

  it('moves the automation API to another port, stops it, and starts it again', async () => {
    const [first, second] = [await freePort(), await freePort()];
    service = await serviceWith({ open: true, port: first });
    expect(await status(first)).toBe(200);
    expect((await service.save(await form(service, { Emulation: { port: second } }))).automationAddress).toBe(`127.0.0.1:${second}`);
    expect(await status(second)).toBe(200);
    expect(await status(first)).toBe('ECONNREFUSED');
    await service.save(await form(service, { Emulation: { open: false } }));
    expect(await status(second)).toBe('ECONNREFUSED');
    await service.save(await form(service, { Emulation: { open: true, port: first } }));
    expect(await status(first)).toBe(200);
  });

  it('refuses a port another program holds and keeps the API where it was', async () => {
    const port = await freePort();
    service = await serviceWith({ open: true, port });
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', () => resolve()));
    try {
      const taken = (holder.address() as net.AddressInfo).port;
      expect(await refusal(service.save(await form(service, { Emulation: { port: taken } })))).toBe(BridgeError.PORT_IN_USE);
      expect(await status(port)).toBe(200);
      expect((await service.configInfo()).Emulation.port).toBe(port);
    } finally {
      holder.close();
    }
  });

  it('asks for the password in addition to the key, and keeps only its hash', async () => {
    const port = await freePort();
    service = await serviceWith({ open: true, port });
    await service.save(await form(service, { Emulation: { password: 'correct horse' } }));
    expect(fs.readFileSync(path.join(dataDir, SETTINGS_FILE), 'utf8')).not.toContain('correct horse');
    expect((await service.configInfo()).Emulation).toMatchObject({ password: '', passwordSet: true });
    expect(await status(port)).toBe(401);
    expect(await status(port, { authorization: `Bearer ${KEY}`, 'x-api-password': 'wrong' })).toBe(401);
    expect(await status(port, { 'x-api-password': 'correct horse' })).toBe(401);
    expect(await status(port, { authorization: `Bearer ${KEY}`, 'x-api-password': 'correct horse' })).toBe(200);
    // Left out: kept; empty: removed.
    await service.save(await form(service, { diskMinLimit: 2 }));
    expect(await status(port)).toBe(401);
    await service.save(await form(service, { Emulation: { password: '' } }));
    expect(await status(port)).toBe(200);
  });

  it('binds an address of this machine and answers requests that name it, not a host name', async () => {
    const own = bindableAddresses().find((a) => net.isIPv4(a) && a !== '127.0.0.1' && a !== '0.0.0.0');
    if (!own) return; // a machine with loopback only
    const port = await freePort();
    service = await serviceWith({ open: true, port });
    await service.save(await form(service, { Emulation: { bindip: own } }));
    expect((await service.configInfo()).automationAddress).toBe(`${own}:${port}`);
    expect(await status(port, { authorization: `Bearer ${KEY}` }, own)).toBe(200);
    expect(await status(port, { authorization: `Bearer ${KEY}`, host: `evil.example:${port}` }, own)).toBe(403);
    expect(await status(port, { authorization: `Bearer ${KEY}`, origin: 'http://evil.example' }, own)).toBe(403);
    expect(await status(port)).toBe('ECONNREFUSED');
    // Every interface: loopback and the machine's own address both answer.
    await service.save(await form(service, { Emulation: { bindip: '0.0.0.0' } }));
    expect(await status(port)).toBe(200);
    expect(await status(port, { authorization: `Bearer ${KEY}` }, own)).toBe(200);
  });
});
