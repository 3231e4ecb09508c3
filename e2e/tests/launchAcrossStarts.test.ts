import fs from 'node:fs';
import path from 'node:path';
import { apiProfileCookiesCall, apiProfileDetailCall } from '@facet/contracts';
import { type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expected, useLaunchHarness, WINDOWS_UA } from '../support/launchHarness.ts';

/**
 * What a launched profile keeps between starts and what sites learn of it: cookies and storage
 * (also after a window closed by hand), location permission, and the FingerprintJS / BotD view.
 */
const h = useLaunchHarness();

describe('a profile across starts', () => {
  it('keeps cookies and the identity across stop and start, and two profiles share nothing', async () => {
    const [a, b] = [await h.createProfile('Cookie A'), await h.createProfile('Cookie B')];
    let first = await h.open(a);
    // Set just before the stop: a signal would lose it, Browser.close keeps it.
    await first.page.evaluate(() => {
      document.cookie = 'visit=kept; max-age=86400; path=/';
      localStorage.setItem('mark', 'kept');
    });
    const other = await h.open(b);
    expect(await other.page.evaluate(() => [document.cookie, localStorage.getItem('mark')])).toEqual(['', null]);
    await other.browser.close().catch(() => {});
    await first.browser.close().catch(() => {});
    await h.agent.call(`/api/v1/browser/stop?profile_id=${a}`);
    await h.agent.call(`/api/v1/browser/stop?profile_id=${b}`);

    first = await h.open(a);
    expect(await first.page.evaluate(() => [document.cookie, localStorage.getItem('mark')])).toEqual(['visit=kept', 'kept']);
    expect(await first.page.evaluate(() => (window as unknown as { report: () => unknown }).report())).toEqual(expected);
    await first.browser.close().catch(() => {});
    await h.agent.call(`/api/v1/browser/stop?profile_id=${a}`);
  });

  it('applies the profile\'s stored cookies at start and saves what the browser held at the stop', async () => {
    const id = await h.createProfile('Cookie sync');
    const host = new URL(h.pages.url).hostname;
    await h.serverApi.call(apiProfileCookiesCall, { id, cookies: [{ domain: host, name: 'imported', value: 'yes', path: '/', httpOnly: false, secure: false, sameSite: 'lax' }] });
    const servedBefore = h.pages.requests.length;
    const { browser, page } = await h.open(id);
    expect(await page.evaluate(() => document.cookie)).toBe('imported=yes');
    // Already on the start page's own request: its tab runs only once the cookies are in.
    expect(h.pages.requests.slice(servedBefore).find((r) => r.path === '/')?.cookie).toBe('imported=yes');
    // Set just before the stop, as a site would while the user clicks Close.
    await page.evaluate(() => void (document.cookie = 'late=1; max-age=3600; path=/'));
    await browser.close().catch(() => {});
    await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);
    const saved = (await h.serverApi.call(apiProfileDetailCall, { id })).profile.cookies;
    expect(saved.map((c) => `${c.domain} ${c.name}=${c.value}`).sort()).toEqual([`${host} imported=yes`, `${host} late=1`]);
  });

  it('answers a site\'s location request as the profile says: allowed with its coordinates, or blocked', async () => {
    const allowed = await h.createProfile('Location allowed', { fingerprint: { geolocation: { mode: 'allow', byIp: false, latitude: 48.8566, longitude: 2.3522, accuracy: 50 } } });
    const blocked = await h.createProfile('Location blocked', { fingerprint: { geolocation: { mode: 'block', byIp: false } } });
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
      const { browser, page } = await h.open(id);
      expect(await locate(page)).toEqual(seen);
      await browser.close().catch(() => {});
      await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);
    }
  });

  it('keeps what a browser closed by its user held: the next start neither loses nor overwrites it', async () => {
    const id = await h.createProfile('Closed by hand');
    const host = new URL(h.pages.url).hostname;
    await h.serverApi.call(apiProfileCookiesCall, { id, cookies: [{ domain: host, name: 'state', value: 'old', path: '/', httpOnly: false, secure: false, sameSite: 'lax' }] });
    const first = await h.open(id);
    await first.page.evaluate(() => void (document.cookie = 'state=new; max-age=3600; path=/'));
    // The user closes the window: Chromium shuts down on its own, no stop from the h.agent.
    const session = await first.browser.newBrowserCDPSession();
    await session.send('Browser.close').catch(() => {});
    await expect.poll(async () => (await h.agent.call(`/api/v1/browser/active?profile_id=${id}`)).body.data.status).toBe('Inactive');
    const again = await h.open(id);
    expect(await again.page.evaluate(() => document.cookie)).toBe('state=new');
    const saved = (await h.serverApi.call(apiProfileDetailCall, { id })).profile.cookies;
    expect(saved.map((c) => `${c.name}=${c.value}`)).toEqual(['state=new']);
    await again.browser.close().catch(() => {});
    await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);

    // A cookie imported while the profile is closed is newer than the disk: it wins.
    await h.serverApi.call(apiProfileCookiesCall, { id, cookies: [{ domain: host, name: 'state', value: 'imported', path: '/', httpOnly: false, secure: false, sameSite: 'lax' }] });
    const third = await h.open(id);
    expect(await third.page.evaluate(() => document.cookie)).toBe('state=imported');
    await third.browser.close().catch(() => {});
    await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);
  });

  it('starts with its one tab where "continue where you left off" was set, and a script attaches at once', async () => {
    const id = await h.createProfile('Left open');
    let { browser, page } = await h.open(id);
    // A second tab, left open at the stop: the session Chromium saves then holds both.
    const [second] = await Promise.all([browser.contexts()[0]!.waitForEvent('page'), page.evaluate(() => void window.open('/?left-open'))]);
    await second.waitForLoadState();
    await browser.close().catch(() => {});
    expect((await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`)).body.code).toBe(0);
    // What the profile's settings page writes when a person picks "Continue where you left off".
    const preferencesFile = path.join(h.agent.dataDir, 'profiles', id, 'Default', 'Preferences');
    const preferences = JSON.parse(fs.readFileSync(preferencesFile, 'utf8')) as { session?: Record<string, unknown> };
    fs.writeFileSync(preferencesFile, JSON.stringify({ ...preferences, session: { ...preferences.session, restore_on_startup: 1 } }));

    // Before, the last session's tabs came back unloaded beside the start tab, their set-up never
    // answered, and connectOverCDP waited for them until it timed out.
    const before = h.pages.requests.length;
    ({ browser, page } = await h.open(id));
    expect(await page.evaluate(() => (window as unknown as { report: () => unknown }).report())).toEqual(expected);
    // Give a restored tab the time to show up: none may.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(browser.contexts()[0]!.pages().map((p) => new URL(p.url()).search)).toEqual(['']);
    // The agent's own exit check aside, every request came from a tab that had the identity: the
    // profile's header is set over CDP, not on the command line as the user agent also is.
    const sinceStart = h.pages.requests.slice(before).filter((r) => r.path !== '/ip');
    expect(sinceStart.filter((r) => r.path === '/')).toHaveLength(1);
    for (const r of sinceStart) expect([r.path, r.userAgent, r.shopRegion]).toEqual([r.path, WINDOWS_UA, 'eu-west']);
    await browser.close().catch(() => {});
    await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);
  });

  it('FingerprintJS tells 20 profiles apart and knows each again after a restart; BotD sees no bot in a headful profile', async () => {
    // Fixed seeds for the two whose readings are compared: with the default canvas "rendering" a
    // canvas reading is one of a few dozen on a machine, so two random seeds may share one.
    const [a, b] = [await h.createProfile('Seen A', { fingerprint: { noiseSeed: 11 } }), await h.createProfile('Seen B', { fingerprint: { noiseSeed: 22 } })];
    const detect = async (id: string) => {
      const { browser, page } = await h.open(id);
      await page.goto(`${h.pages.url}/detect`);
      await page.waitForFunction(() => (window as unknown as { detectReady?: boolean }).detectReady === true);
      const seen = await page.evaluate(async () => {
        const w = window as unknown as { visitorId: () => Promise<string>; canvasData: () => string; audioData: () => Promise<string>; webglPixels: () => string; botd: () => Promise<unknown> };
        return { visitorId: await w.visitorId(), canvas: w.canvasData(), audio: await w.audioData(), webgl: w.webglPixels(), bot: await w.botd() };
      });
      await browser.close().catch(() => {});
      await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);
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
    // Eighteen more with the seeds the server draws: twenty visitors, not one person.
    const more: string[] = [];
    for (let i = 0; i < 18; i++) more.push((await detect(await h.createProfile(`Seen ${i}`))).visitorId);
    expect(new Set([first.visitorId, other.visitorId, ...more]).size).toBe(20);
  });
});
