import { execFileSync } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import { ApiClient, memoryCredentialStore } from '@facet/api-client';
import { apiProfileCookiesCall, apiProfileDetailCall } from '@facet/contracts';
import { chromium as playwright, type Page } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpByApi } from '../support/accounts.ts';
import { chromiumPath, pageWhere } from '../support/browser.ts';
import { apiTokenFor, startAutomationAgent, type AutomationAgent } from '../support/automation.ts';
import { PROBED_FONTS, startIdentityPages, type IdentityPages, type Layout } from '../support/identityPages.ts';
import { freePort, startStack, type Stack } from '../support/processes.ts';
import { startTestProxy, type TestProxy } from '../support/testProxy.ts';
import { startTestSocksProxy, type TestSocksProxy } from '../support/testSocksProxy.ts';
import { processesWith } from '../support/xvfb.ts';

/**
 * Launching profiles through the local automation API, as a user's script would: real Chromium,
 * a real proxy with credentials on 127.0.0.1, local pages that report what a site sees.
 */
let stack: Stack;
let agent: AutomationAgent;
let pages: IdentityPages;
let proxy: TestProxy;
let socks: TestSocksProxy;
let serverApi: ApiClient;

const WINDOWS_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const expected = {
  userAgent: WINDOWS_UA,
  platform: 'Win32',
  language: 'de-DE',
  languages: ['de-DE', 'de', 'en'],
  timeZone: 'Asia/Tokyo',
  hardwareConcurrency: 6,
  deviceMemory: 4,
  hintsPlatform: 'Windows',
  // Width, height, available width and height, and a window that fits in that screen.
  screen: [1366, 768, 1366, 768, true],
  // Hidden until the extension is asked for; then the profile's GPU, with a desktop GPU's limits
  // although this machine renders WebGL in software.
  webgl: [null, 'Google Inc. (NVIDIA)', 'ANGLE (NVIDIA, NVIDIA GeForce GTX 1650 Direct3D11 vs_5_0 ps_5_0, D3D11)', 16384, [32767, 32767]],
};
/** Workers have no screen; everything else they read is the page's. */
const expectedInWorkers = { ...expected, screen: 'no screen in a worker' };

/** `extra.fingerprint` adds to the fingerprint below; the rest of `extra` replaces fields. */
async function createProfile(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const { fingerprint, ...fields } = extra as { fingerprint?: Record<string, unknown> };
  const { body } = await agent.call('/api/v1/profile/create', {
    body: {
      name,
      os: 'windows',
      userAgent: WINDOWS_UA,
      language: 'de-DE,de,en',
      timezone: 'Asia/Tokyo',
      resolution: '1366x768',
      startPage: `${pages.url}/`,
      // The test pages stand for remote sites but live on loopback, which port-scan protection
      // guards (portScan.test.ts covers it); here they must be reached through the proxy.
      fingerprint: {
        navigator: { platform: 'Win32', hardwareConcurrency: 6, deviceMemory: 4, maxTouchPoints: 0, doNotTrack: 'unset' },
        webglMetadata: { mode: 'custom', vendor: 'Google Inc. (NVIDIA)', renderer: 'ANGLE (NVIDIA, NVIDIA GeForce GTX 1650 Direct3D11 vs_5_0 ps_5_0, D3D11)' },
        customHeaders: [{ name: 'X-Shop-Region', value: 'eu-west' }],
        portScanProtection: { enabled: false },
        ...fingerprint,
      },
      ...fields,
    },
  });
  expect(body).toMatchObject({ code: 0, msg: 'success' });
  return body.data.id as string;
}

/** Starts a profile through the local API and attaches to its start page. */
async function open(id: string) {
  const { body } = await agent.call(`/api/v1/browser/start?profile_id=${id}`);
  expect(body.code, JSON.stringify(body)).toBe(0);
  const browser = await playwright.connectOverCDP(body.data.ws.puppeteer);
  const page = await pageWhere(browser.contexts()[0]!, (url) => url.startsWith(pages.url));
  await page.waitForFunction(() => typeof (window as unknown as { report?: unknown }).report === 'function');
  return { browser, page };
}

beforeAll(async () => {
  [stack, pages, proxy, socks] = await Promise.all([startStack(), startIdentityPages(), startTestProxy('proxy-user', 'proxy-pass'), startTestSocksProxy('socks-user', 'socks-pass')]);
  const person = await signUpByApi(stack);
  const token = apiTokenFor(stack, person.email);
  serverApi = new ApiClient({ baseUrl: stack.serverUrl, signKey: '', credentials: memoryCredentialStore(null), getLanguage: () => 0, apiToken: token });
  agent = await startAutomationAgent(stack, token, { FACET_IP_CHECK_URL: `${pages.url}/ip` });
});

afterAll(async () => {
  await agent?.stop();
  await stack?.stop();
  await proxy?.close();
  await socks?.close();
  await pages?.close();
});

describe('local automation API', () => {
  it('refuses requests without the key or from a non-local Host or Origin', async () => {
    const noKey = await fetch(`${agent.baseUrl}/api/v1/status`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toEqual({ code: -1, msg: 'unauthorized' });
    expect((await agent.call('/api/v1/status', { headers: { origin: 'https://evil.example' } })).body.msg).toBe('not_local');
    const rebound = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(new URL(agent.baseUrl).port), '127.0.0.1', () => socket.end(`GET /api/v1/status HTTP/1.1\r\nHost: evil.example\r\nAuthorization: Bearer ${agent.key}\r\nConnection: close\r\n\r\n`));
      let text = '';
      socket.on('data', (d) => (text += d));
      socket.on('end', () => resolve(text));
    });
    expect(rebound).toMatch(/^HTTP\/1\.1 403/);
    expect((await agent.call('/api/v1/status')).body).toEqual({ code: 0, msg: 'success' });
  });

  it('starts a profile behind an authenticated proxy; every scope reads the profile, and drivers attach', async () => {
    const id = await createProfile('Through the proxy', { proxy: { type: 'http', host: '127.0.0.1', port: proxy.port, username: 'proxy-user', password: 'proxy-pass' } });
    const started = await agent.call(`/api/v1/browser/start?profile_id=${id}`);
    expect(started.body).toMatchObject({ code: 0, msg: 'success', data: { ws: { puppeteer: expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+\/devtools\/browser\//) } } });
    expect(started.body.data.debug_port).toBe(new URL(started.body.data.ws.puppeteer).port);
    // A second start, by user_id as AdsPower scripts say it, gets the same browser.
    expect((await agent.call(`/api/v1/browser/start?user_id=${id}`)).body.data.ws.puppeteer).toBe(started.body.data.ws.puppeteer);
    expect(processesWith(`--user-data-dir=${agent.dataDir}/profiles/${id}`).filter((cmd) => !cmd.includes('--type=')).length).toBe(1);

    const browser = await playwright.connectOverCDP(started.body.data.ws.puppeteer);
    try {
      const context = browser.contexts()[0]!;
      const page = await pageWhere(context, (url) => url.startsWith(pages.url));
      await page.waitForFunction(() => typeof (window as unknown as { report?: unknown }).report === 'function');
      const read = (what: string) => page.evaluate((fn) => (window as unknown as Record<string, () => unknown>)[fn]!(), what);
      for (const scope of ['report', 'fromFrame', 'fromWorker', 'fromSharedWorker', 'fromServiceWorker']) {
        expect(await read(scope), scope).toEqual(scope.includes('Worker') ? expectedInWorkers : expected);
      }
      // What was replaced looks as native as what was not.
      expect(
        await page.evaluate(() => {
          const getter = Object.getOwnPropertyDescriptor(Navigator.prototype, 'deviceMemory')!.get!;
          const toDataURL = HTMLCanvasElement.prototype.toDataURL;
          return [String(getter), getter.name, String(toDataURL), toDataURL.name, toDataURL.length, 'prototype' in toDataURL, Function.prototype.toString.call(Function.prototype.toString)];
        }),
      ).toEqual(['function get deviceMemory() { [native code] }', 'get deviceMemory', 'function toDataURL() { [native code] }', 'toDataURL', 0, false, 'function toString() { [native code] }']);
      const [popup] = await Promise.all([context.waitForEvent('page'), page.evaluate(() => void window.open('/?popup'))]);
      await popup.waitForFunction(() => typeof (window as unknown as { report?: unknown }).report === 'function');
      expect(await popup.evaluate(() => (window as unknown as { report: () => unknown }).report())).toEqual(expected);
      // The requests themselves carry the profile's user agent and languages, through the proxy.
      const served = pages.requests.filter((r) => r.path === '/worker.js' || r.path === '/frame');
      expect(served.length).toBeGreaterThan(0);
      for (const r of served) expect([r.userAgent, r.acceptLanguage.split(',')[0]]).toEqual([WINDOWS_UA, 'de-DE']);
      // The profile's custom header rides on what its pages load.
      expect(served.filter((r) => r.path === '/frame').map((r) => r.shopRegion)).toContain('eu-west');
      expect(proxy.seen).toContain(`127.0.0.1:${new URL(pages.url).port}`);
      expect(proxy.refused).toEqual([]);
    } finally {
      await browser.close().catch(() => {});
    }

    const driven = await puppeteer.connect({ browserWSEndpoint: started.body.data.ws.puppeteer, defaultViewport: null });
    const tab = await driven.newPage();
    await tab.goto(`${pages.url}/`);
    expect(await tab.evaluate(() => navigator.userAgent)).toBe(WINDOWS_UA);
    await driven.disconnect();

    expect((await agent.call(`/api/v1/browser/active?profile_id=${id}`)).body.data).toMatchObject({ status: 'Active' });
    expect((await agent.call('/api/v1/browser/local-active')).body.data.list.map((b: { user_id: string }) => b.user_id)).toEqual([id]);
    expect((await agent.call(`/api/v1/browser/stop?profile_id=${id}`)).body).toEqual({ code: 0, msg: 'success' });
    expect((await agent.call(`/api/v1/browser/active?profile_id=${id}`)).body.data).toEqual({ status: 'Inactive' });
    // The stop returns once Chromium's main process has exited; its child processes follow it.
    await expect.poll(() => processesWith(`--user-data-dir=${agent.dataDir}/profiles/${id}`), { timeout: 15_000 }).toEqual([]);
  });

  it('carries the page through a SOCKS5 proxy with username and password', async () => {
    const id = await createProfile('Through SOCKS5', { proxy: { type: 'socks5', host: '127.0.0.1', port: socks.port, username: 'socks-user', password: 'socks-pass' } });
    const { browser, page } = await open(id);
    try {
      expect(await page.evaluate(() => (window as unknown as { report: () => unknown }).report())).toEqual(expected);
      expect(socks.seen).toContain(`127.0.0.1:${new URL(pages.url).port}`);
      expect(socks.refused).toEqual([]);
    } finally {
      await browser.close().catch(() => {});
      await agent.call(`/api/v1/browser/stop?profile_id=${id}`);
    }
    const wrong = await createProfile('SOCKS5 wrong password', { proxy: { type: 'socks5', host: '127.0.0.1', port: socks.port, username: 'socks-user', password: 'nope' } });
    expect((await agent.call(`/api/v1/browser/start?profile_id=${wrong}`)).body).toMatchObject({ code: -1, msg: 'proxyFailed' });
  });

  it('follows the proxy\'s exit address for time zone and language when the profile leaves them open', async () => {
    // The IP-check service reports a London exit (MaxMind's own test address), as it would for a UK proxy.
    pages.exitIp = '81.2.69.142';
    try {
      const id = await createProfile('By IP', { language: '', timezone: '', proxy: { type: 'http', host: '127.0.0.1', port: proxy.port, username: 'proxy-user', password: 'proxy-pass' } });
      const { browser, page } = await open(id);
      expect(await page.evaluate(() => (window as unknown as { report: () => unknown }).report())).toEqual({ ...expected, timeZone: 'Europe/London', language: 'en-GB', languages: ['en-GB', 'en'] });
      expect(await page.evaluate(() => (window as unknown as { fromWorker: () => Promise<unknown> }).fromWorker())).toMatchObject({ timeZone: 'Europe/London', language: 'en-GB' });
      await browser.close().catch(() => {});
      await agent.call(`/api/v1/browser/stop?profile_id=${id}`);

      // An exit the GeoIP database does not know: no browser opens with this machine's time zone.
      pages.exitIp = '10.20.30.40';
      expect((await agent.call(`/api/v1/browser/start?profile_id=${id}`)).body).toMatchObject({ code: -1, msg: 'geoUnknown' });
      expect(processesWith(`${agent.dataDir}/profiles/${id}`)).toEqual([]);
    } finally {
      pages.exitIp = null;
    }
  });

  it('a proxy that does not answer is a start error naming why, and no browser opens', async () => {
    const deadPort = await freePort();
    const id = await createProfile('Dead proxy', { proxy: { type: 'http', host: '127.0.0.1', port: deadPort } });
    const { body } = await agent.call(`/api/v1/browser/start?profile_id=${id}`);
    expect(body).toMatchObject({ code: -1, msg: 'proxyFailed', data: { reason: 'refused' } });
    const wrongPassword = await createProfile('Wrong password', { proxy: { type: 'http', host: '127.0.0.1', port: proxy.port, username: 'proxy-user', password: 'nope' } });
    expect((await agent.call(`/api/v1/browser/start?profile_id=${wrongPassword}`)).body).toMatchObject({ code: -1, msg: 'proxyFailed', data: { reason: 'authFailed' } });
    expect(processesWith(`${agent.dataDir}/profiles/${id}`)).toEqual([]);
    expect((await agent.call('/api/v1/browser/local-active')).body.data.list).toEqual([]);
  });

  it('keeps cookies and the identity across stop and start, and two profiles share nothing', async () => {
    const [a, b] = [await createProfile('Cookie A'), await createProfile('Cookie B')];
    let first = await open(a);
    // Set just before the stop: a signal would lose it, Browser.close keeps it.
    await first.page.evaluate(() => {
      document.cookie = 'visit=kept; max-age=86400; path=/';
      localStorage.setItem('mark', 'kept');
    });
    const other = await open(b);
    expect(await other.page.evaluate(() => [document.cookie, localStorage.getItem('mark')])).toEqual(['', null]);
    await other.browser.close().catch(() => {});
    await first.browser.close().catch(() => {});
    await agent.call(`/api/v1/browser/stop?profile_id=${a}`);
    await agent.call(`/api/v1/browser/stop?profile_id=${b}`);

    first = await open(a);
    expect(await first.page.evaluate(() => [document.cookie, localStorage.getItem('mark')])).toEqual(['visit=kept', 'kept']);
    expect(await first.page.evaluate(() => (window as unknown as { report: () => unknown }).report())).toEqual(expected);
    await first.browser.close().catch(() => {});
    await agent.call(`/api/v1/browser/stop?profile_id=${a}`);
  });

  it('applies the profile\'s stored cookies at start and saves what the browser held at the stop', async () => {
    const id = await createProfile('Cookie sync');
    const host = new URL(pages.url).hostname;
    await serverApi.call(apiProfileCookiesCall, { id, cookies: [{ domain: host, name: 'imported', value: 'yes', path: '/', httpOnly: false, secure: false, sameSite: 'lax' }] });
    const { browser, page } = await open(id);
    expect(await page.evaluate(() => document.cookie)).toBe('imported=yes');
    // Set just before the stop, as a site would while the user clicks Close.
    await page.evaluate(() => void (document.cookie = 'late=1; max-age=3600; path=/'));
    await browser.close().catch(() => {});
    await agent.call(`/api/v1/browser/stop?profile_id=${id}`);
    const saved = (await serverApi.call(apiProfileDetailCall, { id })).profile.cookies;
    expect(saved.map((c) => `${c.domain} ${c.name}=${c.value}`).sort()).toEqual([`${host} imported=yes`, `${host} late=1`]);
  });

  it('answers a site\'s location request as the profile says: allowed with its coordinates, or blocked', async () => {
    const allowed = await createProfile('Location allowed', { fingerprint: { geolocation: { mode: 'allow', byIp: false, latitude: 48.8566, longitude: 2.3522, accuracy: 50 } } });
    const blocked = await createProfile('Location blocked', { fingerprint: { geolocation: { mode: 'block', byIp: false } } });
    const locate = (page: Page) =>
      page.evaluate(async () => ({
        state: (await navigator.permissions.query({ name: 'geolocation' })).state,
        position: await new Promise((resolve) =>
          navigator.geolocation.getCurrentPosition(
            (p) => resolve([p.coords.latitude, p.coords.longitude, p.coords.accuracy]),
            (e) => resolve(`error ${e.code}`),
            { timeout: 5_000 },
          ),
        ),
      }));
    for (const [id, seen] of [
      [allowed, { state: 'granted', position: [48.8566, 2.3522, 50] }],
      [blocked, { state: 'denied', position: 'error 1' }],
    ] as const) {
      const { browser, page } = await open(id);
      expect(await locate(page)).toEqual(seen);
      await browser.close().catch(() => {});
      await agent.call(`/api/v1/browser/stop?profile_id=${id}`);
    }
  });

  it('keeps what a browser closed by its user held: the next start neither loses nor overwrites it', async () => {
    const id = await createProfile('Closed by hand');
    const host = new URL(pages.url).hostname;
    await serverApi.call(apiProfileCookiesCall, { id, cookies: [{ domain: host, name: 'state', value: 'old', path: '/', httpOnly: false, secure: false, sameSite: 'lax' }] });
    const first = await open(id);
    await first.page.evaluate(() => void (document.cookie = 'state=new; max-age=3600; path=/'));
    // The user closes the window: Chromium shuts down on its own, no stop from the agent.
    const session = await first.browser.newBrowserCDPSession();
    await session.send('Browser.close').catch(() => {});
    await expect.poll(async () => (await agent.call(`/api/v1/browser/active?profile_id=${id}`)).body.data.status).toBe('Inactive');
    const again = await open(id);
    expect(await again.page.evaluate(() => document.cookie)).toBe('state=new');
    const saved = (await serverApi.call(apiProfileDetailCall, { id })).profile.cookies;
    expect(saved.map((c) => `${c.name}=${c.value}`)).toEqual(['state=new']);
    await again.browser.close().catch(() => {});
    await agent.call(`/api/v1/browser/stop?profile_id=${id}`);

    // A cookie imported while the profile is closed is newer than the disk: it wins.
    await serverApi.call(apiProfileCookiesCall, { id, cookies: [{ domain: host, name: 'state', value: 'imported', path: '/', httpOnly: false, secure: false, sameSite: 'lax' }] });
    const third = await open(id);
    expect(await third.page.evaluate(() => document.cookie)).toBe('state=imported');
    await third.browser.close().catch(() => {});
    await agent.call(`/api/v1/browser/stop?profile_id=${id}`);
  });

  it('FingerprintJS tells profiles apart and knows each again after a restart; BotD sees no bot in a headful profile', async () => {
    const [a, b] = [await createProfile('Seen A'), await createProfile('Seen B')];
    const detect = async (id: string) => {
      const { browser, page } = await open(id);
      await page.goto(`${pages.url}/detect`);
      await page.waitForFunction(() => (window as unknown as { detectReady?: boolean }).detectReady === true);
      const seen = await page.evaluate(async () => {
        const w = window as unknown as { visitorId: () => Promise<string>; canvasData: () => string; audioData: () => Promise<string>; webglPixels: () => string; botd: () => Promise<unknown> };
        return { visitorId: await w.visitorId(), canvas: w.canvasData(), audio: await w.audioData(), webgl: w.webglPixels(), bot: await w.botd() };
      });
      await browser.close().catch(() => {});
      await agent.call(`/api/v1/browser/stop?profile_id=${id}`);
      return seen;
    };
    const first = await detect(a);
    const other = await detect(b);
    const again = await detect(a);
    expect(again.visitorId).toBe(first.visitorId);
    // Canvas, audio and WebGL pixels: the same after a restart, different in another profile.
    for (const surface of ['canvas', 'audio', 'webgl'] as const) {
      expect(again[surface], surface).toBe(first[surface]);
      expect(other[surface], surface).not.toBe(first[surface]);
    }
    expect(other.visitorId).not.toBe(first.visitorId);
    expect(first.bot).toEqual({ bot: false });
  });

  it('creates a profile from a name alone, with a generated, consistent identity', async () => {
    const { body } = await agent.call('/api/v1/profile/create', { body: { name: 'Only a name' } });
    expect(body.code).toBe(0);
    const listed = await agent.call('/api/v1/profile/list?page_size=100');
    expect(listed.body.data.list.map((p: { id: string }) => p.id)).toContain(body.data.id);
    expect((await agent.call('/api/v1/profile/create', { body: { remark: 'no name' } })).body).toEqual({ code: -1, msg: 'name_required' });
  });

  it('runs a profile made for an older Chromium on the installed one, its user agent and client hints brought along', async () => {
    const installed = Number(/(\d+)\.\d+\.\d+\.\d+/.exec(execFileSync(chromiumPath(), ['--version'], { encoding: 'utf8' }))![1]);
    const id = await createProfile('Made for an older Chromium', { kernelVersion: String(installed - 30), userAgent: WINDOWS_UA.replace(/Chrome\/\d+/, `Chrome/${installed - 30}`) });
    const { browser, page } = await open(id);
    try {
      const seen = await page.evaluate(() => ({
        userAgent: navigator.userAgent,
        brands: (navigator as unknown as { userAgentData: { brands: { brand: string; version: string }[] } }).userAgentData.brands.map((b) => `${b.brand} ${b.version}`),
      }));
      expect(seen.userAgent).toBe(WINDOWS_UA.replace(/Chrome\/\d+/, `Chrome/${installed}`));
      expect(seen.brands).toContain(`Chromium ${installed}`);
    } finally {
      await browser.close().catch(() => {});
      await agent.call(`/api/v1/browser/stop?profile_id=${id}`);
    }
    // The stored profile is left as it was made.
    expect((await serverApi.call(apiProfileDetailCall, { id })).profile.kernelVersion).toBe(String(installed - 30));
  });
});

interface Surfaces {
  localFonts: string[];
  drawnFonts: string[];
  fontChecks: boolean[];
  canvasFont: string;
  devices?: string[];
  battery?: { charging: boolean; level: number; chargingTime: number; dischargingTime: number };
  webrtc: string[];
}

/** What fonts, devices, battery and WebRTC look like in the page, its frames, a popup and a worker. */
async function surfacesIn(page: Page) {
  const read = (fn: string) => page.evaluate((name) => (window as unknown as Record<string, () => Promise<Surfaces>>)[name]!(), fn);
  const [popup] = await Promise.all([page.context().waitForEvent('page'), page.evaluate(() => void window.open('/?popup'))]);
  await popup.waitForFunction(() => typeof (window as unknown as { surfaces?: unknown }).surfaces === 'function');
  const scopes = {
    page: await read('surfaces'),
    frame: await read('surfacesFromFrame'),
    blankFrame: await read('surfacesFromBlankFrame'),
    popup: await popup.evaluate(() => (window as unknown as { surfaces: () => Promise<Surfaces> }).surfaces()),
    worker: await read('surfacesFromWorker'),
  };
  await popup.close();
  return scopes;
}

/** Lets the test pages use camera and microphone, as a user who clicked Allow would. */
async function allowDevices(page: Page) {
  await page.context().grantPermissions(['camera', 'microphone'], { origin: pages.url });
}

/** Battery values a real one could report: level in hundredths, times that agree with charging. */
function expectPlausibleBattery(battery: Surfaces['battery']) {
  expect(battery).toBeDefined();
  const { charging, level, chargingTime, dischargingTime } = battery!;
  expect(level).toBeGreaterThan(0);
  expect(level).toBeLessThanOrEqual(1);
  expect(Math.round(level * 100) / 100).toBe(level);
  if (charging) {
    expect(dischargingTime).toBe(Infinity);
    expect(chargingTime).toBe(level === 1 ? 0 : Math.round(chargingTime));
    if (level < 1) expect(chargingTime).toBeGreaterThan(0);
  } else {
    expect(chargingTime).toBe(Infinity);
    expect(Number.isInteger(dischargingTime) && dischargingTime > 0).toBe(true);
  }
}

describe('fonts, media devices, battery and WebRTC', () => {
  const devices = { mode: 'custom', audioInputs: 2, videoInputs: 1, audioOutputs: 3 };
  // Seeds chosen so that the two batteries differ (one running down, one charging).
  const hiding = () => createProfile('Surfaces hidden', { fingerprint: { noiseSeed: 1001, mediaDevices: devices, battery: 'custom', fonts: { mode: 'custom', list: ['Liberation Sans', 'Arial'] }, webrtc: 'disabled' } });
  const showing = () => createProfile('Surfaces shown', { fingerprint: { noiseSeed: 3003, mediaDevices: devices, battery: 'custom', fonts: { mode: 'real', list: [] }, webrtc: 'replace' } });

  it('every scope reads the profile\'s devices, battery, fonts and WebRTC, the same after a restart; seeded values differ between profiles', async () => {
    const [a, b] = [await hiding(), await showing()];
    const visit = async (id: string) => {
      const { browser, page } = await open(id);
      try {
        const before = await surfacesIn(page);
        const layout = await page.evaluate((fonts) => (window as unknown as { layout: (families: string[]) => Promise<Layout> }).layout(fonts), PROBED_FONTS);
        await allowDevices(page);
        const allowed = (await page.evaluate(() => (window as unknown as { surfaces: () => Promise<Surfaces> }).surfaces())).devices!;
        return { before, layout, allowed };
      } finally {
        await browser.close().catch(() => {});
        await agent.call(`/api/v1/browser/stop?profile_id=${id}`);
      }
    };
    const first = await visit(a);
    const again = await visit(a);
    const other = await visit(b);

    // The machine's fonts, where nothing hides them: local() finds DejaVu and Liberation, and
    // fontconfig draws Arial (with Liberation Sans).
    expect(other.before.page.localFonts, 'fonts this test expects on the machine').toEqual(expect.arrayContaining(['DejaVu Sans', 'Liberation Sans']));
    expect(other.before.page.drawnFonts).toEqual(PROBED_FONTS);
    const listed = (fonts: string[]) => fonts.filter((f) => ['Liberation Sans', 'Arial'].includes(f));
    for (const [scope, seen] of Object.entries(first.before)) {
      // Only listed fonts load by local() or change how canvas text is drawn; the page reads back its own ctx.font.
      expect(seen.localFonts, scope).toEqual(listed(other.before.page.localFonts));
      expect(seen.drawnFonts, scope).toEqual(listed(other.before.page.drawnFonts));
      expect(seen.canvasFont, scope).toBe('72px "DejaVu Sans", monospace');
      // Chromium's check() says true for any local family, installed or not: left as it is.
      expect(seen.fontChecks, scope).toEqual([true, true, true, true, true]);
      // WebRTC off: no interface in any scope (workers have RTCDataChannel otherwise).
      expect(seen.webrtc, scope).toEqual([]);
      if (scope === 'worker') continue;
      // Before the site may use them, one entry per kind with nothing in it, as Chromium shows.
      expect(seen.devices, scope).toEqual(['audioinput||||true', 'videoinput||||true', 'audiooutput||||true']);
      expect(seen.battery, scope).toEqual(first.before.page.battery);
    }
    // DOM layout, which no page script reaches: the profile's fontconfig keeps only the listed
    // fonts and those behind the generic families. Liberation Mono, installed but not listed,
    // lays out as the monospace fallback, by name and through CSS @font-face local().
    const [hidden, shown] = [first.layout, other.layout];
    expect(shown.fonts['Liberation Mono'], 'Liberation Mono is installed here').not.toEqual({ family: shown.fallback, local: shown.fallback });
    expect(hidden.fonts['Liberation Mono']).toEqual({ family: hidden.fallback, local: hidden.fallback });
    // Listed fonts keep their own width (Arial is Liberation Sans on this machine).
    for (const font of ['Liberation Sans', 'Arial']) {
      expect(hidden.fonts[font]!.family, font).not.toBe(hidden.fallback);
      expect(hidden.fonts[font]!.family, font).toBe(shown.fonts[font]!.family);
    }
    expect(hidden.fonts['Liberation Sans']!.local).toBe(shown.fonts['Liberation Sans']!.local);
    // The generic families draw as without a list, Chinese and Japanese text included (no empty
    // boxes); DejaVu Sans, fontconfig's sans-serif here, stays visible.
    expect(hidden.generics).toEqual(shown.generics);
    expect(hidden.fallback).toBe(shown.fallback);
    expect(hidden.fonts['DejaVu Sans']).toEqual(shown.fonts['DejaVu Sans']);
    expect(again.layout).toEqual(first.layout);
    expect(other.before.worker.webrtc).toEqual(['RTCDataChannel']);
    expect(other.before.page.webrtc).toEqual(['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'RTCIceCandidate', 'RTCSessionDescription']);

    // Allowed: every device with a label and ids stable per profile, plus Windows' default and
    // communications entries for audio.
    const kinds = first.allowed.map((d) => d.split('|')[0]);
    expect(kinds).toEqual(['audioinput', 'audioinput', 'audioinput', 'audioinput', 'videoinput', 'audiooutput', 'audiooutput', 'audiooutput', 'audiooutput', 'audiooutput']);
    for (const device of first.allowed) {
      const [, deviceId, groupId, label, real] = device.split('|');
      expect(deviceId).toMatch(/^([0-9a-f]{64}|default|communications)$/);
      expect(groupId).toMatch(/^[0-9a-f]{64}$/);
      expect(label).not.toBe('');
      expect(real).toBe('true');
    }
    expect(again.allowed).toEqual(first.allowed);
    expect(other.allowed.map((d) => d.split('|')[1]!).filter((id) => id.length === 64)).not.toEqual(first.allowed.map((d) => d.split('|')[1]!).filter((id) => id.length === 64));

    expectPlausibleBattery(first.before.page.battery);
    expectPlausibleBattery(other.before.page.battery);
    expect(again.before.page.battery).toEqual(first.before.page.battery);
    expect(other.before.page.battery).not.toEqual(first.before.page.battery);
  });

  it('what was replaced looks native', async () => {
    const id = await showing();
    const { browser, page } = await open(id);
    try {
      const looks = await page.evaluate(() => {
        const accessor = (proto: object, name: string) => Object.getOwnPropertyDescriptor(proto, name)!;
        // Not in TypeScript's DOM types.
        const { BatteryManager } = window as unknown as { BatteryManager: { prototype: object } };
        const getBattery = (navigator as unknown as { getBattery: () => Promise<unknown> }).getBattery;
        const replaced: [string, { name: string; length: number }][] = [
          ['enumerateDevices', MediaDevices.prototype.enumerateDevices],
          ['getUserMedia', MediaDevices.prototype.getUserMedia],
          ['deviceId getter', accessor(MediaDeviceInfo.prototype, 'deviceId').get!],
          ['getCapabilities', InputDeviceInfo.prototype.getCapabilities],
          ['battery level getter', accessor(BatteryManager.prototype, 'level').get!],
          ['FontFace', FontFace],
          ['canvas font setter', accessor(CanvasRenderingContext2D.prototype, 'font').set!],
          ['RTCPeerConnection', RTCPeerConnection],
          ['localDescription getter', accessor(RTCPeerConnection.prototype, 'localDescription').get!],
          ['createOffer', RTCPeerConnection.prototype.createOffer],
        ];
        return {
          functions: Object.fromEntries(replaced.map(([what, fn]) => [what, [Function.prototype.toString.call(fn), fn.name, fn.length, 'prototype' in fn]])),
          constructors: [FontFace.prototype.constructor === FontFace, RTCPeerConnection.prototype.constructor === RTCPeerConnection, (window as unknown as { webkitRTCPeerConnection: unknown }).webkitRTCPeerConnection === RTCPeerConnection, new RTCPeerConnection() instanceof RTCPeerConnection],
          getBattery: String(getBattery),
        };
      });
      expect(looks).toEqual({
        functions: {
          enumerateDevices: ['function enumerateDevices() { [native code] }', 'enumerateDevices', 0, false],
          getUserMedia: ['function getUserMedia() { [native code] }', 'getUserMedia', 0, false],
          'deviceId getter': ['function get deviceId() { [native code] }', 'get deviceId', 0, false],
          getCapabilities: ['function getCapabilities() { [native code] }', 'getCapabilities', 0, false],
          'battery level getter': ['function get level() { [native code] }', 'get level', 0, false],
          FontFace: ['function FontFace() { [native code] }', 'FontFace', 2, true],
          'canvas font setter': ['function set font() { [native code] }', 'set font', 1, false],
          RTCPeerConnection: ['function RTCPeerConnection() { [native code] }', 'RTCPeerConnection', 0, true],
          'localDescription getter': ['function get localDescription() { [native code] }', 'get localDescription', 0, false],
          createOffer: ['function createOffer() { [native code] }', 'createOffer', 0, false],
        },
        constructors: [true, true, true, true],
        getBattery: 'function getBattery() { [native code] }',
      });
    } finally {
      await browser.close().catch(() => {});
      await agent.call(`/api/v1/browser/stop?profile_id=${id}`);
    }
  });

  it('with WebRTC "replace", no candidate, description or stat names an address of this machine', async () => {
    const id = await showing();
    const { browser, page } = await open(id);
    try {
      // With camera and microphone allowed, Chromium gathers host candidates with the machine's
      // own addresses instead of mDNS names; the STUN server on loopback answers with where the
      // request came from, as a public one answers with the public address.
      await allowDevices(page);
      const stunAskedBefore = pages.stun.seen.length;
      const ice = await page.evaluate((url) => (window as unknown as { iceReport: (url: string) => Promise<{ candidates: string[]; sdp: string[]; offer: string[]; stats: string[] }> }).iceReport(url), pages.stun.url);
      const machine = new Set(Object.values(os.networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address)));
      const named = [...ice.candidates, ...ice.sdp, ...ice.offer, ...ice.stats].flatMap((line) => line.split(/\s+/)).filter((token) => machine.has(token.replace(/^\[|\]$/g, '')));
      expect(named).toEqual([]);
      // The profile's WebRTC policy sends no UDP outside the proxy: the STUN server hears nothing.
      expect(pages.stun.seen.slice(stunAskedBefore)).toEqual([]);
      // What is left of the candidates is mDNS names or relays.
      for (const candidate of ice.candidates) expect(candidate).toMatch(/ ([0-9a-f-]+\.local \d+ typ host|\S+ \d+ typ relay)/);
      for (const line of [...ice.sdp, ...ice.offer].filter((l) => l.startsWith('c=') || l.startsWith('a=rtcp:'))) expect(line).toMatch(/IN IP4 0\.0\.0\.0$/);
    } finally {
      await browser.close().catch(() => {});
      await agent.call(`/api/v1/browser/stop?profile_id=${id}`);
    }
  });
});
