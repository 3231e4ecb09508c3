import { chromium as playwright } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { Builder, By } from 'selenium-webdriver';
import chrome from 'selenium-webdriver/chrome.js';
import WebSocket from 'ws';

/** What a start through the local API answers that a client attaches with. */
export interface StartedBrowser {
  ws: { puppeteer: string; selenium?: string };
  webdriver?: string;
}

/** A page a client opened with its own calls: evaluates an expression there (a promise is awaited). */
export interface ClientPage {
  evaluate(expression: string): Promise<unknown>;
  /** Clicks the element `selector` finds, as a person would (a popup needs the click's activation). */
  click(selector: string): Promise<void>;
  close(): Promise<void>;
}

/** Each client opens a page the way its users do, then goes to `url` in it. */
export type OpenClientPage = (started: StartedBrowser, url: string) => Promise<ClientPage>;

/** Puppeteer: `browser.newPage()`, `page.goto`. */
const viaPuppeteer: OpenClientPage = async (started, url) => {
  const browser = await puppeteer.connect({ browserWSEndpoint: started.ws.puppeteer, defaultViewport: null });
  const page = await browser.newPage();
  await page.goto(url);
  return { evaluate: (expression) => page.evaluate(expression), click: (selector) => page.click(selector), close: () => browser.disconnect() };
};

/** Puppeteer in a browser context of its own: `createBrowserContext()`, then its `newPage()`. */
const viaPuppeteerContext: OpenClientPage = async (started, url) => {
  const browser = await puppeteer.connect({ browserWSEndpoint: started.ws.puppeteer, defaultViewport: null });
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.goto(url);
  return {
    evaluate: (expression) => page.evaluate(expression),
    click: (selector) => page.click(selector),
    close: async () => {
      await context.close();
      await browser.disconnect();
    },
  };
};

/** Playwright: `connectOverCDP`, the default context's `newPage()`, `page.goto`. */
const viaPlaywright: OpenClientPage = async (started, url) => {
  const browser = await playwright.connectOverCDP(started.ws.puppeteer);
  const page = await browser.contexts()[0]!.newPage();
  await page.goto(url);
  return { evaluate: (expression) => page.evaluate(expression), click: (selector) => page.click(selector), close: () => browser.close() };
};

/** Raw CDP as a hand-written client speaks it: `Target.createTarget`, a flat session, `Page.navigate`. */
const viaRawCdp: OpenClientPage = async (started, url) => {
  const socket = new WebSocket(started.ws.puppeteer);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let nextId = 0;
  const waiting = new Map<number, (message: { result?: Record<string, unknown>; error?: { message: string } }) => void>();
  const events: { method: string; sessionId?: string }[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; method?: string; sessionId?: string; result?: Record<string, unknown>; error?: { message: string } };
    if (message.id !== undefined) waiting.get(message.id)?.(message);
    else if (message.method) events.push({ method: message.method, ...(message.sessionId ? { sessionId: message.sessionId } : {}) });
  });
  const send = (method: string, params: Record<string, unknown> = {}, sessionId?: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = ++nextId;
      waiting.set(id, (message) => (message.error ? reject(new Error(`${method}: ${message.error.message}`)) : resolve(message.result ?? {})));
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  const { targetId } = (await send('Target.createTarget', { url: 'about:blank' })) as { targetId: string };
  const { sessionId } = (await send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
  await send('Page.enable', {}, sessionId);
  const loaded = events.length;
  await send('Page.navigate', { url }, sessionId);
  const deadline = Date.now() + 15_000;
  while (!events.slice(loaded).some((e) => e.method === 'Page.loadEventFired' && e.sessionId === sessionId)) {
    if (Date.now() > deadline) throw new Error('raw CDP: the page did not load');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const evaluate = async (expression: string) => {
    const answer = (await send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true, userGesture: true }, sessionId)) as { result: { value: unknown }; exceptionDetails?: { text: string } };
    if (answer.exceptionDetails) throw new Error(`raw CDP: ${answer.exceptionDetails.text}`);
    return answer.result.value;
  };
  return {
    evaluate,
    // A hand-written client's click: an evaluation that carries a user gesture.
    click: async (selector) => void (await evaluate(`document.querySelector(${JSON.stringify(selector)}).click()`)),
    close: async () => socket.close(),
  };
};

/** Selenium through chromedriver at the start's host:port (`selenium=1`): a new tab, `driver.get`. */
const viaSelenium: OpenClientPage = async (started, url) => {
  const options = new chrome.Options();
  options.debuggerAddress(started.ws.selenium!);
  const driver = await new Builder().forBrowser('chrome').setChromeOptions(options).setChromeService(new chrome.ServiceBuilder(started.webdriver!)).build();
  await driver.switchTo().newWindow('tab');
  await driver.get(url);
  return {
    evaluate: (expression) => driver.executeAsyncScript(`const done = arguments[arguments.length - 1]; Promise.resolve(${expression}).then(done, (e) => done('error: ' + e));`),
    click: (selector) => driver.findElement(By.css(selector)).click(),
    // Leaves the profile's browser running: only chromedriver's session ends.
    close: () => driver.quit().catch(() => {}),
  };
};

export const clients: Record<string, { open: OpenClientPage; startQuery: string }> = {
  puppeteer: { open: viaPuppeteer, startQuery: '' },
  'puppeteer in a new browser context': { open: viaPuppeteerContext, startQuery: '' },
  Playwright: { open: viaPlaywright, startQuery: '' },
  'raw CDP': { open: viaRawCdp, startQuery: '' },
  Selenium: { open: viaSelenium, startQuery: '&selenium=1' },
};

/** What a canvas, a WebGL clear and an audio render read back: the readings a site hashes. */
export const READINGS = `(async () => {
  const c = document.createElement('canvas'); c.width = 120; c.height = 40;
  const x = c.getContext('2d'); x.fillStyle = '#f60'; x.fillRect(10, 5, 60, 20); x.fillStyle = '#069'; x.font = '14px Arial'; x.fillText('Facet canvas', 4, 30);
  x.beginPath(); x.arc(90, 20, 12, 0, 6.3); x.stroke();
  const canvas = c.toDataURL();
  const gl = document.createElement('canvas').getContext('webgl');
  gl.clearColor(0.2, 0.4, 0.6, 1); gl.clear(gl.COLOR_BUFFER_BIT);
  const pixels = new Uint8Array(gl.drawingBufferWidth * gl.drawingBufferHeight * 4);
  gl.readPixels(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
  let webgl = 0; for (const b of pixels) webgl = (webgl * 31 + b) >>> 0;
  const ac = new OfflineAudioContext(1, 5000, 44100); const o = ac.createOscillator(); o.type = 'triangle'; o.frequency.value = 10000;
  const k = ac.createDynamicsCompressor(); o.connect(k); k.connect(ac.destination); o.start(0);
  const data = (await ac.startRendering()).getChannelData(0); let audio = 0; for (let i = 4500; i < 5000; i++) audio += Math.abs(data[i]);
  return { canvas, webgl: String(webgl), audio: String(audio) };
})()`;

/** The popup the page's button opened (same origin): its report, read from the opener once it has loaded. */
export const POPUP_REPORT = `new Promise((resolve) => { const look = () => (window.popupWindow && window.popupWindow.report ? resolve(window.popupWindow.report()) : setTimeout(look, 20)); look(); })`;
