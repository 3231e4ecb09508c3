import { locales, lookup } from '@facet/i18n';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, vi } from 'vitest';
import { launchChromium } from './browser.ts';
import { admitToClient } from './clientAccess.ts';
import { startStack, type Stack } from './processes.ts';

/** One server+agent stack and one Chromium for a test file, stopped after it. */
export function useStackAndBrowser(env: Record<string, string> = {}) {
  const fixture = {} as { stack: Stack; browser: Browser };
  beforeAll(async () => {
    [fixture.stack, fixture.browser] = await Promise.all([startStack(env), launchChromium()]);
  });
  afterAll(async () => {
    await fixture.browser?.close();
    await fixture.stack?.stop();
  });
  return fixture;
}

/** The text a person sees for a key, in a language. */
export const text = (key: string, tag = 'en-US') => lookup(locales[tag]!, key)!;

/** The keys of the side-menu entries shown, sorted. */
export async function menuKeys(page: Page): Promise<string[]> {
  return (await page.locator('[data-testid^="menu-"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')!.slice(5)))).sort();
}

/** Signs in through the login form. */
export async function signInThroughForm(page: Page, baseUrl: string, account: string, password: string, keep = false): Promise<void> {
  await admitToClient(page, baseUrl);
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(text('auth.login.account'), { exact: true }).fill(account);
  await page.getByLabel(text('auth.login.password'), { exact: true }).fill(password);
  if (keep) await page.getByLabel(text('auth.login.keep')).check();
  await page.getByRole('button', { name: text('auth.login.submit'), exact: true }).click();
}

/**
 * Picks an item from what `trigger` opens (an antd Dropdown menu, Select list or Popconfirm)
 * until `done` holds: a locator that shows, or a check that passes. Under CI load a click in a
 * menu still opening was lost once and nothing happened. As a person would, this opens the menu
 * again if it closed and clicks again, but never once `done` holds, so nothing is done twice;
 * each click is given `settle` ms to show its effect first.
 */
export async function pickMenuItem(trigger: Locator, item: Locator, done: Locator | (() => Promise<boolean>), { timeout = 40_000, settle = 10_000 } = {}): Promise<void> {
  const holds = async () => (typeof done === 'function' ? done() : done.isVisible());
  await vi.waitFor(
    async () => {
      if (await holds()) return;
      if (!(await item.isVisible())) await trigger.click({ timeout: 5_000 });
      await item.click({ timeout: 5_000 });
      await vi.waitFor(
        async () => {
          if (!(await holds())) throw new Error(`nothing came of clicking ${item}`);
        },
        { timeout: settle, interval: 100 },
      );
    },
    { timeout, interval: 100 },
  );
}
