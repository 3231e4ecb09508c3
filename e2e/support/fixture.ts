import { locales, lookup } from '@facet/i18n';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser.ts';
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
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(text('auth.login.account')).fill(account);
  await page.getByLabel(text('auth.login.password')).fill(password);
  if (keep) await page.getByLabel(text('auth.login.keep')).check();
  await page.getByRole('button', { name: text('auth.login.submit') }).click();
}
