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
    // Node's own fetch, as it sends (Sec-Fetch-Mode: cors, User-Agent: node).
    expect(await status({ 'sec-fetch-mode': 'cors', 'user-agent': 'node', accept: '*/*', 'accept-language': '*' })).toEqual({ status: 200, msg: 'success' });
    expect(((await (await fetch(`http://127.0.0.1:${api.port}/status`)).json()) as { msg: string }).msg).toBe('success');
    // Scripts' clients as they name themselves.
    for (const agent of ['python-requests/2.32.3', 'node', 'curl/8.5.0', 'Go-http-client/1.1', 'okhttp/4.12.0']) {
      expect(await status({ host: `local.adspower.net:${api.port}`, 'user-agent': agent })).toEqual({ status: 200, msg: 'success' });
    }
  });

  it('refuses what a browser sends, even without Origin or Sec-Fetch-* (an <img> or a link to http://local.adspower.net carries neither)', async () => {
    keyless = true;
    const host = `local.adspower.net:${api.port}`;
    const chromium = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
    // What Chromium sends for <img src="http://local.adspower.net:P/…"> on another site's page (no Origin, no Sec-Fetch-*).
    expect(await status({ host, 'user-agent': chromium, accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8', referer: 'http://shop.example/' })).toEqual({ status: 401, msg: 'unauthorized' });
    expect(await status({ host, 'user-agent': chromium })).toEqual({ status: 401, msg: 'unauthorized' });
    expect(await status({ host, 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; rv:140.0) Gecko/20100101 Firefox/140.0' })).toEqual({ status: 401, msg: 'unauthorized' });
    expect(await status({ host, referer: 'http://shop.example/' })).toEqual({ status: 401, msg: 'unauthorized' });
    expect(await status({ host, 'upgrade-insecure-requests': '1' })).toEqual({ status: 401, msg: 'unauthorized' });
    expect(await status({ 'sec-fetch-site': 'none' })).toEqual({ status: 401, msg: 'unauthorized' });
    expect(await status({ 'sec-fetch-dest': 'image' })).toEqual({ status: 401, msg: 'unauthorized' });
    expect(await status({ 'sec-fetch-mode': 'navigate', 'sec-fetch-user': '?1' })).toEqual({ status: 401, msg: 'unauthorized' });
    expect(await status({ 'sec-ch-ua': '"Chromium";v="156"' })).toEqual({ status: 401, msg: 'unauthorized' });
    // With the key, a browser (the user's own, say) is let in as before.
    expect(await status({ host, 'user-agent': chromium, authorization: `Bearer ${KEY}` })).toEqual({ status: 200, msg: 'success' });
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
