import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { vi } from 'vitest';

/** The flags of docs/architecture.md for tests: nothing may leave loopback. */
export const testChromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1',
];

export function chromiumPath(): string {
  const found = [process.env.CHROME_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/google-chrome'].find((p) => p && fs.existsSync(p));
  if (!found) throw new Error('Chromium not found: install it with `sudo apt-get install chromium` or set CHROME_PATH');
  return found;
}

/**
 * The browser that drives the console, as a person who set "reduce motion" in their system: the
 * console then turns antd's transitions off (lib/reducedMotion.ts). Playwright checks that a
 * button stands still before it presses, not between press and release; in a dialog still
 * zooming in, the release lands beside the grown button and the click is lost (seen in CI on the
 * API token's Submit, the startup guide's Close and the saved proxy's Save). Each context asks
 * for it: Playwright emulates `no-preference` in every context it makes, over Chromium's
 * `--force-prefers-reduced-motion`. A test's own `reducedMotion` wins: the API token journey keeps
 * the motion and clicks through `clickWhenStill`. Profiles are started by the agent with their
 * own flags and contexts, never here, so no detector sees this.
 */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: testChromiumFlags, headless: true });
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options) => newContext({ reducedMotion: 'reduce', ...options });
  browser.newPage = (options) => newPage({ reducedMotion: 'reduce', ...options });
  return browser;
}

/**
 * The page of a browser just started (over CDP) whose URL passes `matches`. Its tab may exist
 * before its first navigation commits (its URL still about:blank), so no new 'page' event comes
 * for it: wait for the URL, not for an event.
 */
export async function pageWhere(context: BrowserContext, matches: (url: string) => boolean, timeout = 30_000): Promise<Page> {
  return vi.waitFor(
    () => {
      const page = context.pages().find((p) => matches(p.url()));
      if (!page) throw new Error(`no page of the wanted URL; open: ${context.pages().map((p) => p.url()).join(', ') || 'none'}`);
      return page;
    },
    { timeout, interval: 100 },
  );
}

/** Collects page errors so a test can assert the console ran without any. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.FACET_E2E_SHOTS;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
  }
}
