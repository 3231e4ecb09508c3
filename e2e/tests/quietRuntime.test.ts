import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium as playwright } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { Builder, By } from 'selenium-webdriver';
import chrome from 'selenium-webdriver/chrome.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useLaunchHarness } from '../support/launchHarness.ts';

/**
 * A masked client never switches the page's Runtime domain on: the agent tells it the execution
 * contexts (apps/agent/src/browser/cdp/quietRuntime.ts). What scripts do with those contexts must
 * still work: frames of the same site and of another (in another process), a worker, a reload,
 * history, an exposed function that outlives a navigation, waiting for a condition.
 */
const h = useLaunchHarness();
let site: http.Server;
let top: string;
let otherSite: string;

const pages: Record<string, string> = {
  '/framed': '<h1>top</h1><iframe id="same" src="/child?same"></iframe><iframe id="cross" src="OTHER/child?cross"></iframe><script>window.worker = new Worker("/worker.js")</script>',
  '/child': '<input id="field"><p id="where">child</p>',
  '/plain': '<p id="plain">plain</p>',
};

beforeAll(async () => {
  site = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/worker.js') return void response.writeHead(200, { 'content-type': 'text/javascript' }).end('self.answer = 42;');
    const body = pages[url.pathname];
    if (!body) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body.replace('OTHER', otherSite));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', () => resolve()));
  const port = (site.address() as AddressInfo).port;
  top = `http://127.0.0.1:${port}`;
  // Another site, so that its frame runs in a process (and a target) of its own.
  otherSite = `http://localhost:${port}`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

interface Started {
  ws: { puppeteer: string; selenium: string };
  webdriver: string;
}

async function started(name: string, query = ''): Promise<{ id: string; body: { data: Started } }> {
  const id = await h.createProfile(name);
  const { body } = await h.agent.call(`/api/v1/browser/start?profile_id=${id}${query}`);
  expect(body.code, JSON.stringify(body)).toBe(0);
  return { id, body: { data: body.data as Started } };
}

describe('a masked client drives what the agent told it of', () => {
  it('Puppeteer: both frames, a worker, a reload, history, an exposed function after a navigation', async () => {
    const { id, body } = await started('Quiet puppeteer');
    const browser = await puppeteer.connect({ browserWSEndpoint: body.data.ws.puppeteer, defaultViewport: null });
    try {
      const page = await browser.newPage();
      await page.exposeFunction('reportBack', (value: string) => `got ${value}`);
      await page.goto(`${top}/framed`, { waitUntil: 'load' });
      await expect.poll(() => page.frames().length).toBe(3);
      const searches = await Promise.all(page.frames().slice(1).map((frame) => frame.evaluate(() => location.search)));
      expect(searches.sort()).toEqual(['?cross', '?same']);
      const cross = page.frames().find((frame) => frame.url().startsWith(otherSite))!;
      await cross.type('#field', 'typed');
      expect(await cross.$eval('#field', (input) => (input as HTMLInputElement).value)).toBe('typed');
      await expect.poll(() => page.workers().length).toBe(1);
      expect(await page.workers()[0]!.evaluate(() => (self as unknown as { answer: number }).answer)).toBe(42);
      // The function exposed before the first navigation is there after it, and after a reload.
      expect(await page.evaluate(() => (window as unknown as { reportBack(v: string): Promise<string> }).reportBack('one'))).toBe('got one');
      await page.reload();
      expect(await page.evaluate(() => (window as unknown as { reportBack(v: string): Promise<string> }).reportBack('two'))).toBe('got two');
      await page.goto(`${top}/plain`);
      expect(await page.$eval('#plain', (p) => p.textContent)).toBe('plain');
      await page.goBack();
      await page.waitForFunction(() => document.querySelectorAll('iframe').length === 2);
      expect(await page.evaluate(() => location.pathname)).toBe('/framed');
    } finally {
      await browser.disconnect();
      await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);
    }
  });

  it('Playwright: a frame of another site by locator, a worker, a reload, history', async () => {
    const { id, body } = await started('Quiet playwright');
    const browser = await playwright.connectOverCDP(body.data.ws.puppeteer);
    try {
      const page = await browser.contexts()[0]!.newPage();
      await page.goto(`${top}/framed`);
      const field = page.frameLocator('#cross').locator('#field');
      await field.fill('filled');
      expect(await field.inputValue()).toBe('filled');
      expect(await page.frameLocator('#same').locator('#where').textContent()).toBe('child');
      await expect.poll(() => page.workers().length).toBe(1);
      expect(await page.workers()[0]!.evaluate(() => (self as unknown as { answer: number }).answer)).toBe(42);
      await page.reload();
      await page.frameLocator('#cross').locator('#field').fill('again');
      // (Not page.goBack(): Playwright 1.65 waits for it forever on a bare Chromium 156 too.)
      await page.goto(`${top}/plain`);
      expect(await page.locator('#plain').textContent()).toBe('plain');
    } finally {
      await browser.close();
      await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);
    }
  });

  it.skipIf(!fs.existsSync('/usr/bin/chromedriver'))('Selenium: into a frame of another site and back', async () => {
    const { id, body } = await started('Quiet selenium', '&selenium=1');
    const options = new chrome.Options();
    options.debuggerAddress(body.data.ws.selenium);
    const driver = await new Builder().forBrowser('chrome').setChromeOptions(options).setChromeService(new chrome.ServiceBuilder(body.data.webdriver)).build();
    try {
      await driver.get(`${top}/framed`);
      await driver.switchTo().frame(driver.findElement(By.id('cross')));
      await driver.findElement(By.id('field')).sendKeys('keys');
      expect(await driver.findElement(By.id('field')).getAttribute('value')).toBe('keys');
      await driver.switchTo().defaultContent();
      expect(await driver.executeScript('return document.querySelectorAll("iframe").length')).toBe(2);
      await driver.navigate().refresh();
      expect(await driver.executeScript('return location.pathname')).toBe('/framed');
    } finally {
      await driver.quit().catch(() => {});
      await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);
    }
  });
});
