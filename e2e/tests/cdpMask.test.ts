import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium as playwright } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { Builder, By, until } from 'selenium-webdriver';
import chrome from 'selenium-webdriver/chrome.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, testChromiumFlags } from '../support/browser.ts';
import { chromiumPids } from '../support/processTables.ts';
import { useLaunchHarness } from '../support/launchHarness.ts';

/**
 * An automation client attached through the agent's endpoint, seen from the page it drives
 * (e2e/fixtures/automationLeaks.html): without the mask (`?cdp_mask=0`) the page finds
 * Puppeteer's and Playwright's names in its stack traces and on its window; with the mask, the
 * default, it finds nothing, and the clients work as before.
 */
const h = useLaunchHarness();
const page = fs.readFileSync(path.join(import.meta.dirname, '../fixtures/automationLeaks.html'));
let site: http.Server;
let siteUrl: string;

/** The names on the same page's window in a bare Chromium with nothing attached but this read. */
let bareGlobals: Set<string>;

beforeAll(async () => {
  site = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', () => resolve()));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  const bare = await puppeteer.launch({ executablePath: chromiumPath(), args: [...testChromiumFlags], headless: true });
  try {
    const tab = await bare.newPage();
    await tab.goto(siteUrl);
    bareGlobals = new Set(await tab.evaluate(() => Object.getOwnPropertyNames(window)));
  } finally {
    await bare.close();
  }
});

/** What a client left on the window beyond a bare Chromium's names and the function the test exposes. */
const extraGlobals = (seen: Leaks) => seen.globals.filter((name) => !bareGlobals.has(name) && name !== 'reportBack');
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

interface Leaks {
  /** Every name on the page's window. */
  globals: string[];
  /** The exposed function as the page prints it. */
  exposedSource: string;
  sourceUrl: boolean;
  stacksSeen: number;
  bindings: string[];
  webdriver: boolean;
  runtimeEnable: boolean;
  consoleFormatting: boolean;
}

async function startedEndpoint(name: string): Promise<{ id: string; ws: string }> {
  const id = await h.createProfile(name);
  const started = await h.agent.call(`/api/v1/browser/start?profile_id=${id}`);
  expect(started.body.code, JSON.stringify(started.body)).toBe(0);
  return { id, ws: started.body.data.ws.puppeteer as string };
}

/** Puppeteer as scripts use it: a page, a function exposed to it, an evaluation that reads the page. */
async function seenByPuppeteer(ws: string): Promise<Leaks> {
  const browser = await puppeteer.connect({ browserWSEndpoint: ws, defaultViewport: null });
  try {
    const tab = await browser.newPage();
    await tab.goto(siteUrl);
    await tab.exposeFunction('reportBack', (value: string) => value);
    expect(await tab.evaluate(() => document.title)).toBe('leaks');
    expect(await tab.evaluate(async () => (window as unknown as { reportBack(v: string): Promise<string> }).reportBack('called'))).toBe('called');
    await tab.click('#go');
    await tab.type('#q', 'typed');
    expect(await tab.$eval('#go', (button) => button.textContent)).toBe('clicked');
    expect(await tab.$eval('#q', (input) => (input as HTMLInputElement).value)).toBe('typed');
    expect((await tab.screenshot()).length).toBeGreaterThan(1000);
    const leaks = (await tab.evaluate(() => (window as unknown as { leaks(): Leaks }).leaks())) as Leaks;
    // A navigation waited for, and a selector waited for in the new document (Puppeteer's utility world).
    await Promise.all([tab.waitForNavigation(), tab.evaluate(() => location.assign('?next'))]);
    expect(await tab.waitForSelector('#go')).not.toBeNull();
    expect(tab.url()).toBe(`${siteUrl}?next`);
    return leaks;
  } finally {
    await browser.disconnect();
  }
}

async function seenByPlaywright(ws: string): Promise<Leaks> {
  const browser = await playwright.connectOverCDP(ws);
  try {
    const tab = await browser.contexts()[0]!.newPage();
    await tab.goto(siteUrl);
    await tab.exposeFunction('reportBack', (value: string) => value);
    expect(await tab.evaluate(() => document.title)).toBe('leaks');
    expect(await tab.evaluate(async () => (window as unknown as { reportBack(v: string): Promise<string> }).reportBack('called'))).toBe('called');
    await tab.locator('#go').click();
    await tab.locator('#q').fill('typed');
    expect(await tab.locator('#go').textContent()).toBe('clicked');
    expect(await tab.locator('#q').inputValue()).toBe('typed');
    expect((await tab.screenshot()).length).toBeGreaterThan(1000);
    const leaks = (await tab.evaluate(() => (window as unknown as { leaks(): Leaks }).leaks())) as Leaks;
    await Promise.all([tab.waitForURL('**/?next'), tab.evaluate(() => location.assign('?next'))]);
    await tab.locator('#go').waitFor();
    return leaks;
  } finally {
    await browser.close();
  }
}

/**
 * Selenium through chromedriver, attached by host:port (`selenium=1`): the start names the
 * chromedriver that matches the profile's Chromium (`webdriver`).
 */
async function seenBySelenium(address: string, webdriverPath: string): Promise<Leaks> {
  const options = new chrome.Options();
  options.debuggerAddress(address);
  const driver = await new Builder()
    .forBrowser('chrome')
    .setChromeOptions(options)
    .setChromeService(new chrome.ServiceBuilder(webdriverPath))
    .build();
  try {
    await driver.get(siteUrl);
    expect(await driver.executeScript('return document.title')).toBe('leaks');
    await driver.findElement(By.id('go')).click();
    await driver.findElement(By.id('q')).sendKeys('typed');
    expect(await driver.findElement(By.id('go')).getText()).toBe('clicked');
    expect(await driver.findElement(By.id('q')).getAttribute('value')).toBe('typed');
    expect((await driver.takeScreenshot()).length).toBeGreaterThan(1000);
    const leaks = (await driver.executeScript('return window.leaks()')) as Leaks;
    await driver.executeScript("location.assign('?next')");
    await driver.wait(until.urlIs(`${siteUrl}?next`), 10_000);
    await driver.wait(until.elementLocated(By.id('go')), 10_000);
    return leaks;
  } finally {
    // Leaves the profile's browser running: only chromedriver's session ends.
    await driver.quit().catch(() => {});
  }
}

describe('an attached client, as the page sees it', () => {
  it('without the mask: Puppeteer\'s and Playwright\'s names show in stack traces and on the window', async () => {
    const id = await h.createProfile('Unmasked');
    // AdsPower's own switch: the start answers the endpoint with ?cdp_mask=0.
    const started = await h.agent.call(`/api/v1/browser/start?profile_id=${id}&cdp_mask=0`);
    const unmasked = started.body.data.ws.puppeteer as string;
    expect(unmasked).toMatch(/\?cdp_mask=0$/);
    const byPuppeteer = await seenByPuppeteer(unmasked);
    expect(byPuppeteer.sourceUrl).toBe(true);
    expect(byPuppeteer.bindings.some((name) => name.startsWith('puppeteer_'))).toBe(true);
    expect(extraGlobals(byPuppeteer).some((name) => name.startsWith('puppeteer_'))).toBe(true);
    expect(byPuppeteer.exposedSource).toMatch(/Puppeteer/);
    const byPlaywright = await seenByPlaywright(unmasked);
    expect(byPlaywright.sourceUrl).toBe(true);
    expect(byPlaywright.bindings).toContain('__playwright__binding__');
    expect(extraGlobals(byPlaywright)).toContain('__playwright__binding__controller__');
    // Both switched the Runtime domain on in the page, and the page saw its console formatted.
    expect(byPuppeteer.consoleFormatting).toBe(true);
    expect(byPlaywright.consoleFormatting).toBe(true);
    await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);
  });

  it('with the mask (the default): nothing of either client, and both still drive the page', async () => {
    const { id, ws } = await startedEndpoint('Masked');
    for (const seen of [await seenByPuppeteer(ws), await seenByPlaywright(ws)]) {
      expect(seen.stacksSeen).toBeGreaterThan(0);
      expect(seen).toMatchObject({ sourceUrl: false, bindings: [], webdriver: false });
      // Not even under other names: the binding behind the exposed function, the client's helpers.
      expect(extraGlobals(seen)).toEqual([]);
      // The exposed function prints as a page's own function would, naming no client.
      expect(seen.exposedSource).toMatch(/=>|function/);
      expect(seen.exposedSource).not.toMatch(/puppeteer|playwright|pptr|__pw/i);
      // The classic stack-getter probe: Chromium 156 no longer formats through it either way.
      expect(seen.runtimeEnable).toBe(false);
      // The agent answered the client's Runtime.enable itself: nothing formatted the console.
      expect(seen.consoleFormatting).toBe(false);
    }
    await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);
  });

  it.skipIf(!fs.existsSync('/usr/bin/chromedriver'))('Selenium on a bare Chromium (no agent between): the page sees chromedriver and its console formatted', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-bare-'));
    // Its own process group, so that its helper processes end with it.
    const bare = spawn(chromiumPath(), [...testChromiumFlags, '--headless=new', `--user-data-dir=${dataDir}`, '--remote-debugging-port=0', 'about:blank'], { stdio: 'ignore', detached: true });
    try {
      const activePort = path.join(dataDir, 'DevToolsActivePort');
      await expect.poll(() => fs.existsSync(activePort) && fs.readFileSync(activePort, 'utf8').includes('\n'), { timeout: 15_000 }).toBe(true);
      const port = fs.readFileSync(activePort, 'utf8').split('\n')[0];
      const seen = await seenBySelenium(`127.0.0.1:${port}`, '/usr/bin/chromedriver');
      expect(seen.bindings.some((name) => name.startsWith('cdc_'))).toBe(true);
      expect(seen.consoleFormatting).toBe(true);
      // Chromium's own debugging port says so to every page.
      expect(seen.webdriver).toBe(true);
    } finally {
      // Until no process of it is left to write into its folder, which can then go. Never a
      // blocking rmSync with retries: its back-off sleeps the whole test process (the agent's
      // keep-alive sockets close meanwhile, and the next call writes into a closed one).
      try {
        process.kill(-bare.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
      await expect.poll(() => chromiumPids(dataDir).length, { timeout: 15_000 }).toBe(0);
      await fs.promises.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    }
  });

  it.skipIf(!fs.existsSync('/usr/bin/chromedriver'))('Selenium by host:port (selenium=1), through chromedriver: nothing of chromedriver either', async () => {
    const id = await h.createProfile('Selenium');
    const started = await h.agent.call(`/api/v1/browser/start?profile_id=${id}&selenium=1`);
    expect(started.body.data.webdriver).toBe('/usr/bin/chromedriver');
    const seen = await seenBySelenium(started.body.data.ws.selenium as string, started.body.data.webdriver as string);
    expect(seen.stacksSeen).toBeGreaterThan(0);
    expect(seen).toMatchObject({ sourceUrl: false, bindings: [], webdriver: false, consoleFormatting: false });
    expect(extraGlobals(seen).join(',')).toBe('');
    await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);
  });
});
