import os from 'node:os';
import { checkReportSchema, localCheckAnswerSchema, type CheckReport } from '@facet/contracts';
import { translate } from '@facet/i18n';
import { chromium as playwright, type Browser, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageWhere } from '../support/browser.ts';
import { expected, useLaunchHarness, WINDOWS_UA } from '../support/launchHarness.ts';

/** "Check fingerprint" through the local API: the agent's own page, inside the profile, on loopback. */
const h = useLaunchHarness();

/** Opens the check (starting the profile), attaches to its tab and waits for the page's result. */
async function check(id: string, lang = 'de'): Promise<{ url: string; report: CheckReport; page: Page; browser: Browser }> {
  const { body } = await h.agent.call(`/api/v1/browser/check?profile_id=${id}&lang=${lang}`);
  const { data } = localCheckAnswerSchema.parse(body);
  expect(data.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/c\/[\w-]{32}\/$/);
  const active = await h.agent.call(`/api/v1/browser/active?profile_id=${id}`);
  const browser = await playwright.connectOverCDP(active.body.data.ws.puppeteer);
  const page = await pageWhere(browser.contexts()[0]!, (url) => url === data.url);
  await page.waitForFunction(() => (window as unknown as { facetCheck?: unknown }).facetCheck !== undefined, undefined, { timeout: 60_000 });
  const result = await page.evaluate(() => (window as unknown as { facetCheck: unknown }).facetCheck);
  expect(result, JSON.stringify(result)).not.toHaveProperty('error');
  return { url: data.url, report: checkReportSchema.parse(result), page, browser };
}

async function stop(id: string, browser?: Browser) {
  await browser?.close().catch(() => {});
  await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);
}

describe('the fingerprint check page', () => {
  it('starts the profile, and shows in its language what sites see: nothing read contradicts the profile, and the GPU it claims is named as one this computer cannot back', async () => {
    // Port-scan protection on, no port allowed: the check page is the agent's own and still loads.
    const id = await h.createProfile('Checked', {
      proxy: { type: 'http', host: '127.0.0.1', port: h.proxy.port, username: 'proxy-user', password: 'proxy-pass' },
      fingerprint: { portScanProtection: { enabled: true, whitelist: '' } },
    });
    let browser: Browser | undefined;
    try {
      const result = await check(id);
      browser = result.browser;
      const { report, page, url } = result;
      expect(report.contradictions).toEqual([]);
      // The profile's own settings, held against each other and this computer: the harness's
      // profiles speak German in Tokyo and claim an NVIDIA, and browsers here render WebGL in
      // software (--disable-gpu).
      expect(report.profileContradictions.map((c) => c.code)).toEqual(['languageTimezone', 'webglSoftware']);
      expect(report.profileId).toBe(id);
      for (const scope of [report.seen.window, report.seen.worker!]) {
        expect(scope).toMatchObject({ userAgent: WINDOWS_UA, platform: expected.platform, languages: expected.languages, timeZone: expected.timeZone, hardwareConcurrency: 6 });
      }
      expect(report.seen.window.screen).toMatchObject({ width: 1366, height: 768 });
      expect(report.seen.window.webgl).toEqual({ vendor: expected.webgl[1], renderer: expected.webgl[2] });
      expect(report.expected).toMatchObject({ userAgent: WINDOWS_UA, timeZone: 'Asia/Tokyo', languages: expected.languages });
      // The IP check through the profile's proxy: the test proxy exits on loopback, which GeoIP does not place.
      expect(report.exit).toEqual({ status: 'ok', ip: '127.0.0.1', country: null, timeZone: null });
      expect(report.dns).toEqual({ path: 'proxy', servers: [], leak: false });
      // "replace": Chromium's policy keeps UDP inside the proxy; no candidate names this machine.
      expect(report.webrtc).toMatchObject({ verdict: 'protected', setting: 'replace', stunReached: false, proxied: true });
      expect(report.notChecked.length).toBeGreaterThan(0);

      // Written in the console's language, from the locale files.
      expect(await page.title()).toBe(translate('de', 'fingerprintCheck.title'));
      expect(await page.locator('#check-contradictions').innerText()).toContain(translate('de', 'consistency.code.webglSoftware'));
      expect(await page.locator('#check-seen').innerText()).toContain(WINDOWS_UA);

      // Only the URL the agent opened shows anything: another secret, or a post from elsewhere, gets nothing.
      const origin = new URL(url).origin;
      expect((await fetch(`${origin}/c/${'x'.repeat(32)}/`)).status).toBe(404);
      expect((await fetch(`${url}report`, { method: 'POST', body: '{}' })).status).toBe(403);
      expect((await fetch(`${url}report`, { method: 'POST', body: '{}', headers: { origin: 'http://127.0.0.1:1' } })).status).toBe(403);
    } finally {
      await stop(id, browser);
    }
  });

  it('reports the WebRTC candidates of a profile with WebRTC "real", and UDP outside its proxy as a leak', async () => {
    const id = await h.createProfile('Real WebRTC', { fingerprint: { webrtc: 'real' }, proxy: { type: 'http', host: '127.0.0.1', port: h.proxy.port, username: 'proxy-user', password: 'proxy-pass' } });
    let browser: Browser | undefined;
    try {
      const result = await check(id, 'en-US');
      browser = result.browser;
      const { report, page } = result;
      // Without the policy Chromium asks the STUN server straight, past the proxy: a public one
      // would answer with this machine's public address.
      expect(report.webrtc).toMatchObject({ verdict: 'leak', setting: 'real', proxied: true, stunReached: true });
      expect(report.webrtc.candidates.map((c) => c.type)).toEqual(expect.arrayContaining(['host', 'srflx']));
      const machine = new Set(Object.values(os.networkInterfaces()).flatMap((list) => (list ?? []).filter((i) => !i.internal).map((i) => i.address)));
      for (const candidate of report.webrtc.candidates) expect(candidate.machineAddress).toBe(machine.has(candidate.address));
      expect(await page.locator('#check-webrtc').innerText()).toContain(translate('en-US', 'fingerprintCheck.webrtc.stunReached'));
      expect(report.contradictions).toEqual([]);
    } finally {
      await stop(id, browser);
    }
  });

  it('says a direct profile resolves names with this machine\'s servers, and its exit is this machine; with the machine\'s own GPU nothing contradicts', async () => {
    const id = await h.createProfile('Direct', { timezone: 'Europe/Berlin', fingerprint: { webglMetadata: { mode: 'real' } } });
    let browser: Browser | undefined;
    try {
      const result = await check(id, 'en-US');
      browser = result.browser;
      const { report, page } = result;
      expect(report.profileContradictions).toEqual([]);
      expect(await page.locator('#check-contradictions').innerText()).toContain(translate('en-US', 'fingerprintCheck.noContradictions'));
      expect(report.dns).toEqual({ path: 'machine', servers: [], leak: true });
      expect(report.exit).toMatchObject({ status: 'direct', ip: '127.0.0.1' });
      // "replace" on a direct profile: no UDP outside, no candidate naming the machine.
      expect(report.webrtc).toMatchObject({ verdict: 'protected', proxied: false, stunReached: false });
      expect(report.contradictions).toEqual([]);
    } finally {
      await stop(id, browser);
    }
  });

  it('opens as a profile\'s start page: the check page (facet:check), or the IP check (facet:ip)', async () => {
    const proxy = { type: 'http', host: '127.0.0.1', port: h.proxy.port, username: 'proxy-user', password: 'proxy-pass' };
    const checked = await h.createProfile('Starts on its check', { startPage: 'facet:check', proxy });
    const ip = await h.createProfile('Starts on the IP check', { startPage: 'facet:ip', proxy });
    for (const [id, wanted] of [
      [checked, (url: string) => /^http:\/\/127\.0\.0\.1:\d+\/c\/[\w-]{32}\/$/.test(url)],
      [ip, (url: string) => url === `${h.pages.url}/ip`],
    ] as const) {
      const { body } = await h.agent.call(`/api/v1/browser/start?profile_id=${id}`);
      expect(body.code, JSON.stringify(body)).toBe(0);
      const browser = await playwright.connectOverCDP(body.data.ws.puppeteer);
      try {
        const page = await pageWhere(browser.contexts()[0]!, wanted);
        if (id === checked) {
          await page.waitForFunction(() => (window as unknown as { facetCheck?: unknown }).facetCheck !== undefined, undefined, { timeout: 60_000 });
          const result = await page.evaluate(() => (window as unknown as { facetCheck: unknown }).facetCheck);
          expect(checkReportSchema.parse(result).profileId).toBe(id);
          // In the profile's language (German), as the console would have it.
          expect(await page.title()).toBe(translate('de', 'fingerprintCheck.title'));
        } else {
          expect(await page.locator('body').innerText()).toContain('127.0.0.1');
        }
      } finally {
        await stop(id, browser);
      }
    }
  });

  it('answers a profile that does not exist as the start does', async () => {
    const { body } = await h.agent.call('/api/v1/browser/check?profile_id=nosuchprofile');
    expect(body).toMatchObject({ code: -1, msg: 'profile_not_found' });
  });
});
