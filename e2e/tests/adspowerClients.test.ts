import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium as playwright } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/browser.ts';
import { useLaunchHarness } from '../support/launchHarness.ts';
import { repoRoot } from '../support/processes.ts';

/**
 * A script written only from AdsPower's documentation — its own host name, no key, v2 paths,
 * Selenium with Debian's chromedriver, puppeteer-core and Playwright — run unchanged against a
 * Facet agent whose local settings let this user's programs in without the key (as AdsPower's
 * "security verification" off). Its only help is the name: local.adspower.net is answered with
 * 127.0.0.1 in the script's process (e2e/support/localAdspowerDns.mjs), as public DNS answers it,
 * so the test asks no resolver beyond loopback.
 */
const h = useLaunchHarness({ localSettings: { automation: { open: true, bindip: '127.0.0.1', port: 50325, keyless: true } } });

/** A shop's form: a field and a button, and the page it sends to. */
let site: http.Server;
let siteUrl: string;
beforeAll(async () => {
  site = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    if (url.pathname === '/form') return res.end('<title>Shop</title><form action="/sent"><input name="q"><button id="send">Send</button></form>');
    if (url.pathname === '/sent') return res.end(`<title>Sent</title><p id="thanks">Thanks: ${(url.searchParams.get('q') ?? '').replace(/[<>&]/g, '')}</p>`);
    res.end('<title>Home</title>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', () => resolve()));
  siteUrl = `http://127.0.0.1:${(site.address() as { port: number }).port}/`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

describe('a script written for AdsPower, with Selenium, Puppeteer and Playwright', () => {
  it.skipIf(!fs.existsSync('/usr/bin/chromedriver'))('runs unchanged by AdsPower\'s name and without a key: create, start, the three clients, active, stop, delete', async () => {
    const port = new URL(h.agent.baseUrl).port;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', path.join(repoRoot, 'e2e/support/localAdspowerDns.mjs'), path.join(repoRoot, 'e2e/fixtures/adspowerClients.mjs')], {
      env: { ...process.env, ADSPOWER_API: `http://local.adspower.net:${port}`, SITE_URL: siteUrl },
      timeout: 180_000,
    });
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(result).toMatchObject({
      ws: { selenium: `127.0.0.1:${result.debugPort}`, puppeteer: expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+\/devtools\/browser\/\S{32,}$/) },
      webdriver: '/usr/bin/chromedriver',
      selenium: { thanks: 'Thanks: typed by selenium', webdriver: false, userAgent: expect.stringContaining('Windows NT 10.0') },
      puppeteer: { thanks: 'Thanks: typed by puppeteer', timeZone: 'America/New_York' },
      playwright: { thanks: 'Thanks: typed by playwright', language: 'en-US' },
      active: 'Active',
      afterStop: 'Inactive',
    });
    // Deleted by the script: nothing of it is left in the account.
    expect((await h.agent.call(`/api/v1/user/list?user_id=${result.profile_id}`)).body.data.list).toEqual([]);
  });

  it('still refuses a web page without the key: a real Chromium\'s <img>, link and fetch, by AdsPower\'s name and by address', async () => {
    const port = new URL(h.agent.baseUrl).port;
    const status = async (headers: Record<string, string>) => ((await (await fetch(`http://127.0.0.1:${port}/status`, { headers })).json()) as { msg: string }).msg;
    expect(await status({})).toBe('success');
    expect(await status({ origin: 'https://shop.example' })).toBe('not_local');

    // A page on another site, in a browser that resolves local.adspower.net to 127.0.0.1 as
    // public DNS does (mapped here, so no resolver beyond loopback is asked).
    const id = await h.createProfile('Not for web pages');
    const browser = await playwright.launch({ executablePath: chromiumPath(), headless: true, args: ['--host-resolver-rules=MAP local.adspower.net 127.0.0.1'] });
    try {
      const page = await browser.newPage();
      await page.goto(`${siteUrl}form`);
      for (const base of [`http://local.adspower.net:${port}`, `http://127.0.0.1:${port}`]) {
        await page.evaluate((start) => {
          const image = document.createElement('img');
          image.src = start;
          document.body.append(image);
          void fetch(start, { mode: 'no-cors' }).catch(() => {});
        }, `${base}/api/v1/browser/start?user_id=${id}`);
      }
      // A link followed (a top-level navigation): the answer is the refusal, shown to the person.
      await page.goto(`http://local.adspower.net:${port}/api/v1/browser/start?user_id=${id}`);
      expect(await page.textContent('body')).toContain('unauthorized');
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect((await h.agent.call(`/api/v1/browser/active?user_id=${id}`)).body.data.status).toBe('Inactive');
    } finally {
      await browser.close();
    }
  });
});
