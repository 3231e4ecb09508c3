import { execFile } from 'node:child_process';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunningProfiles } from '../../core/runningProfiles.ts';
import { startLocalApi, type LocalApi } from './server.ts';

/**
 * The keyless door (a local setting, AdsPower's "security verification" off) and the name
 * AdsPower's scripts call it by, over real HTTP on loopback: this user's own programs get in
 * without the key; a web page (Origin, Sec-Fetch-Site, a rebound name) and another user of the
 * machine do not, and a wrong key is still a wrong key.
 */
const KEY = 'keyless-test-local-api-key-0123';
let keyless = false;
let api: LocalApi;

beforeAll(async () => {
  const running = new RunningProfiles({ launch: () => Promise.reject(new Error('no launches in this test')) });
  api = await startLocalApi({ key: KEY, running, source: () => null, keyless: () => keyless }, 0);
});
afterAll(() => api.close());

/** A GET of /status with exactly these headers (Host included: fetch would not let us set it). */
function status(headers: Record<string, string>): Promise<{ status: number; msg: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: api.port, path: '/status', headers: { host: `127.0.0.1:${api.port}`, ...headers } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, msg: (JSON.parse(body) as { msg: string }).msg }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** The same GET from a process of another user of this machine (root only: it must become them). */
function statusAsUser(uid: number): Promise<string> {
  const script = `require('http').get({ host: '127.0.0.1', port: ${api.port}, path: '/status' }, (r) => { let b = ''; r.on('data', (c) => (b += c)); r.on('end', () => process.stdout.write(r.statusCode + ' ' + JSON.parse(b).msg)); });`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', script], { uid, gid: uid, cwd: '/', timeout: 20_000 }, (error, stdout) => (error ? reject(error) : resolve(stdout.trim())));
  });
}

describe('the local API without the key', () => {
  it('is refused while the setting is off, with or without AdsPower\'s name', async () => {
    keyless = false;
    expect(await status({})).toEqual({ status: 401, msg: 'unauthorized' });
    expect(await status({ host: `local.adspower.net:${api.port}` })).toEqual({ status: 401, msg: 'unauthorized' });
    expect(await status({ host: `local.adspower.net:${api.port}`, authorization: `Bearer ${KEY}` })).toEqual({ status: 200, msg: 'success' });
  });

  it('lets this user\'s program in once the setting is on, by address or by AdsPower\'s name, with no header or an empty Bearer', async () => {
    keyless = true;
    expect(await status({})).toEqual({ status: 200, msg: 'success' });
    expect(await status({ host: `local.adspower.net:${api.port}` })).toEqual({ status: 200, msg: 'success' });
    expect(await status({ authorization: 'Bearer ' })).toEqual({ status: 200, msg: 'success' });
    // A browser's own navigation (typed in the address bar) says `none`: that is the user.
    expect(await status({ 'sec-fetch-site': 'none' })).toEqual({ status: 200, msg: 'success' });
  });

  it('still refuses a wrong key, a web page and a rebound name', async () => {
    keyless = true;
    expect(await status({ authorization: 'Bearer not-the-key' })).toEqual({ status: 401, msg: 'unauthorized' });
    // A page's request: an <img> or no-cors fetch carries Sec-Fetch-Site; fetch and forms carry Origin.
    expect(await status({ 'sec-fetch-site': 'cross-site' })).toEqual({ status: 401, msg: 'unauthorized' });
    expect(await status({ 'sec-fetch-site': 'same-site', host: `local.adspower.net:${api.port}` })).toEqual({ status: 401, msg: 'unauthorized' });
    expect(await status({ origin: `http://127.0.0.1:${api.port}` })).toEqual({ status: 401, msg: 'unauthorized' });
    expect(await status({ origin: 'http://local.adspower.net:8080' })).toEqual({ status: 403, msg: 'not_local' });
    expect(await status({ origin: 'https://shop.example' })).toEqual({ status: 403, msg: 'not_local' });
    // DNS rebinding: the attacker's name, now pointing at 127.0.0.1.
    expect(await status({ host: `rebind.attacker.example:${api.port}` })).toEqual({ status: 403, msg: 'not_local' });
    expect(await status({ host: `local.adspower.net.attacker.example:${api.port}` })).toEqual({ status: 403, msg: 'not_local' });
  });

  it.skipIf(process.getuid?.() !== 0)('refuses another user of this machine without the key (needs root to act as nobody)', async () => {
    keyless = true;
    expect(await statusAsUser(65534)).toBe('401 unauthorized');
    keyless = false;
    expect(await statusAsUser(65534)).toBe('401 unauthorized');
  });
});
