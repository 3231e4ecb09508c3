import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { apiProfileDetailCall } from '@facet/contracts';
import { chromium as playwright } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { chromiumPath, pageWhere } from '../support/browser.ts';
import { expected, expectedInWorkers, useLaunchHarness, WINDOWS_UA } from '../support/launchHarness.ts';
import { freePort } from '../support/processes.ts';
import { processesWith } from '../support/xvfb.ts';

/**
 * Launching profiles through the local automation API, as a user's script would: the key and
 * local-only rules, every scope reading the profile through HTTP and SOCKS5 proxies with
 * credentials, a dead proxy and an unknown exit as start errors, drivers attaching.
 */
const h = useLaunchHarness();

describe('local automation API', () => {
  it('refuses requests without the key or from a non-local Host or Origin', async () => {
    const noKey = await fetch(`${h.agent.baseUrl}/api/v1/status`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toEqual({ code: -1, msg: 'unauthorized' });
    expect((await h.agent.call('/api/v1/status', { headers: { origin: 'https://evil.example' } })).body.msg).toBe('not_local');
    const rebound = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(new URL(h.agent.baseUrl).port), '127.0.0.1', () => socket.end(`GET /api/v1/status HTTP/1.1\r\nHost: evil.example\r\nAuthorization: Bearer ${h.agent.key}\r\nConnection: close\r\n\r\n`));
      let text = '';
      socket.on('data', (d) => (text += d));
      socket.on('end', () => resolve(text));
    });
    expect(rebound).toMatch(/^HTTP\/1\.1 403/);
    expect((await h.agent.call('/api/v1/status')).body).toEqual({ code: 0, msg: 'success' });
  });

  it('starts a profile behind an authenticated proxy; every scope reads the profile, and drivers attach', async () => {
    const id = await h.createProfile('Through the proxy', { proxy: { type: 'http', host: '127.0.0.1', port: h.proxy.port, username: 'proxy-user', password: 'proxy-pass' } });
    const servedBefore = h.pages.requests.length;
    const started = await h.agent.call(`/api/v1/browser/start?profile_id=${id}`);
    expect(started.body).toMatchObject({ code: 0, msg: 'success', data: { ws: { puppeteer: expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+\/devtools\/browser\//) } } });
    expect(started.body.data.debug_port).toBe(new URL(started.body.data.ws.puppeteer).port);
    // A second start, by user_id as AdsPower scripts say it, gets the same browser.
    expect((await h.agent.call(`/api/v1/browser/start?user_id=${id}`)).body.data.ws.puppeteer).toBe(started.body.data.ws.puppeteer);
    expect(processesWith(`--user-data-dir=${h.agent.dataDir}/profiles/${id}`).filter((cmd) => !cmd.includes('--type=')).length).toBe(1);

    const browser = await playwright.connectOverCDP(started.body.data.ws.puppeteer);
    try {
      const context = browser.contexts()[0]!;
      const page = await pageWhere(context, (url) => url.startsWith(h.pages.url));
      await page.waitForFunction(() => typeof (window as unknown as { report?: unknown }).report === 'function');
      // The start page's own request and its first script already had the identity: the tab
      // opens blank, is given the identity, and only then goes to the start page.
      const startRequest = h.pages.requests.slice(servedBefore).find((r) => r.path === '/');
      // Its client hints too: a tab created at its URL sent the machine's platform ("Linux") on it.
      expect([startRequest?.userAgent, startRequest?.acceptLanguage.split(',')[0], startRequest?.shopRegion, startRequest?.platformHint]).toEqual([WINDOWS_UA, 'de-DE', 'eu-west', '"Windows"']);
      expect(await page.evaluate(() => (window as unknown as { firstReport: unknown }).firstReport)).toEqual({ ...expected, webgl: undefined });
      const read = (what: string) => page.evaluate((fn) => (window as unknown as Record<string, () => unknown>)[fn]!(), what);
      for (const scope of ['report', 'fromFrame', 'fromWorker', 'fromSharedWorker', 'fromServiceWorker']) {
        expect(await read(scope), scope).toEqual(scope.includes('Worker') ? expectedInWorkers : expected);
      }
      // What was replaced stands in as a proxy of the engine's own function: name, length, no
      // prototype, printed as native code, a prototype cycle refused; Function.prototype.toString
      // itself is never replaced (docs/fingerprint.md).
      expect(
        await page.evaluate(() => {
          const getter = Object.getOwnPropertyDescriptor(Navigator.prototype, 'deviceMemory')!.get!;
          const toDataURL = HTMLCanvasElement.prototype.toDataURL;
          const cycle = (fn: object) => {
            try {
              Object.setPrototypeOf(fn, Object.create(fn));
              return 'no error';
            } catch (error) {
              return (error as Error).constructor.name;
            }
          };
          const nativeToString = Object.getOwnPropertyDescriptor(Function.prototype, 'toString')!.value as () => string;
          return [/\[native code\]/.test(String(getter)), getter.name, /\[native code\]/.test(String(toDataURL)), toDataURL.name, toDataURL.length, 'prototype' in toDataURL, cycle(getter), cycle(toDataURL), nativeToString.call(nativeToString), Object.getOwnPropertyNames(toDataURL).sort().join()];
        }),
      ).toEqual([true, 'get deviceMemory', true, 'toDataURL', 0, false, 'TypeError', 'TypeError', 'function toString() { [native code] }', 'length,name']);
      const [popup] = await Promise.all([context.waitForEvent('page'), page.evaluate(() => void window.open('/?popup'))]);
      await popup.waitForFunction(() => typeof (window as unknown as { report?: unknown }).report === 'function');
      expect(await popup.evaluate(() => (window as unknown as { report: () => unknown }).report())).toEqual(expected);
      // The requests themselves carry the profile's user agent and languages, through the h.proxy.
      const served = h.pages.requests.filter((r) => r.path === '/worker.js' || r.path === '/frame');
      expect(served.length).toBeGreaterThan(0);
      for (const r of served) expect([r.userAgent, r.acceptLanguage.split(',')[0]]).toEqual([WINDOWS_UA, 'de-DE']);
      // The profile's custom header rides on what its pages load.
      expect(served.filter((r) => r.path === '/frame').map((r) => r.shopRegion)).toContain('eu-west');
      expect(h.proxy.seen).toContain(`127.0.0.1:${new URL(h.pages.url).port}`);
      expect(h.proxy.refused).toEqual([]);
    } finally {
      await browser.close().catch(() => {});
    }

    const driven = await puppeteer.connect({ browserWSEndpoint: started.body.data.ws.puppeteer, defaultViewport: null });
    const tab = await driven.newPage();
    await tab.goto(`${h.pages.url}/`);
    expect(await tab.evaluate(() => navigator.userAgent)).toBe(WINDOWS_UA);
    await driven.disconnect();

    expect((await h.agent.call(`/api/v1/browser/active?profile_id=${id}`)).body.data).toMatchObject({ status: 'Active' });
    expect((await h.agent.call('/api/v1/browser/local-active')).body.data.list.map((b: { user_id: string }) => b.user_id)).toEqual([id]);
    expect((await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`)).body).toEqual({ code: 0, msg: 'success' });
    expect((await h.agent.call(`/api/v1/browser/active?profile_id=${id}`)).body.data).toEqual({ status: 'Inactive' });
    // The stop returns once Chromium's main process has exited; its child processes follow it.
    await expect.poll(() => processesWith(`--user-data-dir=${h.agent.dataDir}/profiles/${id}`), { timeout: 15_000 }).toEqual([]);
  });

  it('carries the page through a SOCKS5 proxy with username and password', async () => {
    const id = await h.createProfile('Through SOCKS5', { proxy: { type: 'socks5', host: '127.0.0.1', port: h.socks.port, username: 'socks-user', password: 'socks-pass' } });
    const { browser, page } = await h.open(id);
    try {
      expect(await page.evaluate(() => (window as unknown as { report: () => unknown }).report())).toEqual(expected);
      expect(h.socks.seen).toContain(`127.0.0.1:${new URL(h.pages.url).port}`);
      expect(h.socks.refused).toEqual([]);
    } finally {
      await browser.close().catch(() => {});
      await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);
    }
    const wrong = await h.createProfile('SOCKS5 wrong password', { proxy: { type: 'socks5', host: '127.0.0.1', port: h.socks.port, username: 'socks-user', password: 'nope' } });
    expect((await h.agent.call(`/api/v1/browser/start?profile_id=${wrong}`)).body).toMatchObject({ code: -1, msg: 'proxyFailed' });
  });

  it('follows the proxy\'s exit address for time zone and language when the profile leaves them open', async () => {
    // The IP-check service reports a London exit (MaxMind's own test address), as it would for a UK h.proxy.
    h.pages.exitIp = '81.2.69.142';
    try {
      const id = await h.createProfile('By IP', { language: '', timezone: '', proxy: { type: 'http', host: '127.0.0.1', port: h.proxy.port, username: 'proxy-user', password: 'proxy-pass' } });
      const { browser, page } = await h.open(id);
      expect(await page.evaluate(() => (window as unknown as { report: () => unknown }).report())).toEqual({ ...expected, timeZone: 'Europe/London', language: 'en-GB', languages: ['en-GB', 'en'], locale: 'en-GB' });
      expect(await page.evaluate(() => (window as unknown as { fromWorker: () => Promise<unknown> }).fromWorker())).toMatchObject({ timeZone: 'Europe/London', language: 'en-GB' });
      await browser.close().catch(() => {});
      await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);

      // An exit the GeoIP database does not know: no browser opens with this machine's time zone.
      h.pages.exitIp = '10.20.30.40';
      expect((await h.agent.call(`/api/v1/browser/start?profile_id=${id}`)).body).toMatchObject({ code: -1, msg: 'geoUnknown' });
      expect(processesWith(`${h.agent.dataDir}/profiles/${id}`)).toEqual([]);
    } finally {
      h.pages.exitIp = null;
    }
  });

  it('a proxy that does not answer is a start error naming why, and no browser opens', async () => {
    const deadPort = await freePort();
    const id = await h.createProfile('Dead proxy', { proxy: { type: 'http', host: '127.0.0.1', port: deadPort } });
    const { body } = await h.agent.call(`/api/v1/browser/start?profile_id=${id}`);
    expect(body).toMatchObject({ code: -1, msg: 'proxyFailed', data: { reason: 'refused' } });
    const wrongPassword = await h.createProfile('Wrong password', { proxy: { type: 'http', host: '127.0.0.1', port: h.proxy.port, username: 'proxy-user', password: 'nope' } });
    expect((await h.agent.call(`/api/v1/browser/start?profile_id=${wrongPassword}`)).body).toMatchObject({ code: -1, msg: 'proxyFailed', data: { reason: 'authFailed' } });
    expect(processesWith(`${h.agent.dataDir}/profiles/${id}`)).toEqual([]);
    expect((await h.agent.call('/api/v1/browser/local-active')).body.data.list).toEqual([]);
  });

  it('creates a profile from a name alone, with a generated, consistent identity', async () => {
    const { body } = await h.agent.call('/api/v1/profile/create', { body: { name: 'Only a name' } });
    expect(body.code).toBe(0);
    const listed = await h.agent.call('/api/v1/profile/list?page_size=100');
    expect(listed.body.data.list.map((p: { id: string }) => p.id)).toContain(body.data.id);
    expect((await h.agent.call('/api/v1/profile/create', { body: { remark: 'no name' } })).body).toEqual({ code: -1, msg: 'name_required' });
  });

  it('runs a profile made for an older Chromium on the installed one, its user agent and client hints brought along', async () => {
    const installed = Number(/(\d+)\.\d+\.\d+\.\d+/.exec(execFileSync(chromiumPath(), ['--version'], { encoding: 'utf8' }))![1]);
    const id = await h.createProfile('Made for an older Chromium', { kernelVersion: String(installed - 30), userAgent: WINDOWS_UA.replace(/Chrome\/\d+/, `Chrome/${installed - 30}`) });
    const { browser, page } = await h.open(id);
    try {
      const seen = await page.evaluate(() => ({
        userAgent: navigator.userAgent,
        brands: (navigator as unknown as { userAgentData: { brands: { brand: string; version: string }[] } }).userAgentData.brands.map((b) => `${b.brand} ${b.version}`),
      }));
      expect(seen.userAgent).toBe(WINDOWS_UA.replace(/Chrome\/\d+/, `Chrome/${installed}`));
      expect(seen.brands).toContain(`Chromium ${installed}`);
    } finally {
      await browser.close().catch(() => {});
      await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);
    }
    // The stored profile is left as it was made.
    expect((await h.serverApi.call(apiProfileDetailCall, { id })).profile.kernelVersion).toBe(String(installed - 30));
  });
});
