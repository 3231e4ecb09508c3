import { ApiClient, memoryCredentialStore } from '@facet/api-client';
import { Code, memberCall, publicConfigSchema } from '@facet/contracts';
import { describe, expect, it, vi } from 'vitest';
import { newPerson, signUpByApi } from '../support/accounts.ts';
import { screenshot, watchErrors } from '../support/browser.ts';
import { menuKeys, pickMenuItem, signInThroughForm, text, useStackAndBrowser } from '../support/fixture.ts';
import { E2E_CAPTCHA } from '../support/processes.ts';

const env = useStackAndBrowser();
const german = (key: string) => text(key, 'de');
const english = (key: string) => text(key);

describe('browser version, as a new person', () => {
  it('signs up with the code from the outbox, sees the browser menu, switches theme and language, and signs out', async () => {
    const page = await env.browser.newPage();
    const errors = watchErrors(page);
    const person = newPerson('journey');

    await page.goto(`${env.stack.serverUrl}/`);
    await page.waitForURL('**/login'); // / → /wel/account/package → not signed in → /login
    await page.getByRole('link', { name: english('auth.login.register'), exact: true }).click();
    await page.waitForURL('**/register');

    await page.getByLabel(english('auth.register.email')).fill(person.email);
    await page.getByLabel(english('auth.register.username')).fill(person.username);
    await page.getByLabel(english('auth.register.password'), { exact: true }).fill(person.password);
    await page.getByLabel(english('auth.register.confirm')).fill(person.password);
    await page.getByTestId('captcha-image').waitFor();
    // As a screen reader finds them: the captcha and the code by their labels.
    await page.getByLabel(english('auth.register.captcha'), { exact: true }).fill(E2E_CAPTCHA);
    await page.getByTestId('get-code').click();
    // The button turns into a 60-second countdown once the code is out.
    await expect.poll(() => page.getByTestId('get-code').textContent(), { timeout: 15_000 }).toMatch(/\d+/);
    expect(await page.getByTestId('get-code').isDisabled()).toBe(true);
    await page.getByLabel(english('auth.register.code'), { exact: true }).fill(env.stack.codeFor(person.email));
    await page.getByTestId('agreement').check();
    await screenshot(page, 'register-filled');
    await page.getByRole('button', { name: english('auth.register.submit'), exact: true }).click();

    // Main account in the browser version lands on plan management, with the welcome dialog once.
    await page.waitForURL('**/wel/account/package');
    await page.getByText(english('registerSuccess.title')).waitFor();
    // exact: the toolbar's "API token" button contains "ok" too.
    await page.getByRole('button', { name: english('common.ok'), exact: true }).click();
    expect(await page.getByTestId('header-name').textContent()).toBe(person.username);
    expect(await page.getByTestId('mode-badge').getAttribute('data-mode')).toBe('browser');
    expect(await menuKeys(page)).toEqual(['accountList', 'browserManagement', 'helper', 'hosts', 'operlog', 'package', 'recycle', 'sub'].sort());
    await page.getByTestId('banner-download').waitFor();
    await screenshot(page, 'shell-day');

    // Day → night, kept across a reload.
    expect(await page.getByTestId('theme-toggle').getAttribute('data-theme-now')).toBe('day');
    await page.getByTestId('theme-toggle').click();
    await page.locator('[data-theme="night"]').waitFor();
    const background = await page.locator('.ant-layout-header').evaluate((el) => getComputedStyle(el).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect(r! + g! + b!).toBeLessThan(150);
    await page.reload();
    await page.locator('[data-theme="night"]').waitFor();

    // English → German: the whole view changes, and stays German after a reload.
    expect(german('menu.recycle')).not.toBe(english('menu.recycle'));
    // Under CI load one click in the opening dropdown was once lost (the menu stayed English for
    // 30 s with no page error); a person would click again, and so does the test, a few times at most.
    await vi.waitFor(async () => {
      if (!(await page.getByTestId('language-de').isVisible())) await page.getByTestId('language-picker').click();
      await page.getByTestId('language-de').click();
      await page.getByTestId('menu-recycle').getByText(german('menu.recycle')).waitFor({ timeout: 5_000 });
    }, { timeout: 30_000, interval: 100 });
    expect(await page.getByTestId('menu-package').textContent()).toBe(german('menu.package'));
    await page.reload();
    await page.getByTestId('menu-recycle').getByText(german('menu.recycle')).waitFor();
    await screenshot(page, 'shell-night-de');

    // The session lives in HttpOnly cookies: no script of the page can read the token, and web storage holds none.
    const sessionCookie = (await page.context().cookies(env.stack.serverUrl)).find((c) => c.name === 'facet_session')!;
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('facet_session');
    const stored = await page.evaluate(() => JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage)]));
    expect(stored).not.toContain(sessionCookie.value);
    expect(JSON.parse(await page.evaluate(() => sessionStorage.getItem('facet.credentials') ?? localStorage.getItem('facet.credentials') ?? 'null'))).toMatchObject({ auth: '', refresh: '' });

    // Sign out with confirmation: the cookies go, and the old token no longer works.
    await pickMenuItem(page.getByTestId('user-menu'), page.getByTestId('logout'), page.getByTestId('logout-confirm'));
    await page.getByTestId('logout-confirm').click();
    await page.waitForURL('**/login');
    expect((await page.context().cookies(env.stack.serverUrl)).filter((c) => c.name.startsWith('facet_'))).toEqual([]);
    const config = publicConfigSchema.parse(await (await fetch(`${env.stack.serverUrl}/config.json`)).json());
    const client = new ApiClient({ baseUrl: env.stack.serverUrl, signKey: config.signKey, credentials: memoryCredentialStore({ auth: sessionCookie.value, refresh: '', expiresAt: 0, refreshExpiresAt: 0 }), getLanguage: () => 0 });
    await expect(client.call(memberCall, {})).rejects.toMatchObject({ code: Code.SESSION_EXPIRED });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens pages as tabs, re-selects them, closes them, and restores the last one after a reload', async () => {
    const page = await env.browser.newPage();
    const person = newPerson('tabs');
    // Sign up through the UI's API path is covered above; here use the login form after an API sign-up.
    await signUpByApi(env.stack, person);
    await page.goto(`${env.stack.serverUrl}/login`);
    await page.getByLabel(english('auth.login.account'), { exact: true }).fill(person.email.toUpperCase());
    await page.getByLabel(english('auth.login.password'), { exact: true }).fill(person.password);
    await page.getByLabel(english('auth.login.keep')).check();
    await page.getByRole('button', { name: english('auth.login.submit'), exact: true }).click();
    await page.waitForURL('**/wel/account/package');
    // One tab: no close button.
    expect(await page.locator('.ant-tabs-tab-remove').count()).toBe(0);
    // Quick clicks, before each page's code has loaded: every clicked page still gets its tab.
    await page.getByTestId('menu-helper').click();
    await page.getByTestId('menu-recycle').click();
    await page.getByTestId('menu-helper').click();
    await page.waitForURL('**/wel/helper');
    // The help centre says its articles describe the desktop client: this version has no browser list.
    await page.getByTestId('help-browser-version').waitFor();
    // The toolbar's startup instructions start, here, with installing the desktop client.
    await page.getByTestId('startup-guide').click();
    await page.getByTestId('startup-steps').getByText(text('shell.startup.steps.download.title')).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('startup-steps').waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('[data-testid^="tab-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid'))), { timeout: 15_000 }).toEqual(['tab-package', 'tab-helper', 'tab-recycle']);
    expect(await page.locator('.ant-tabs-tab-remove').count()).toBe(3);
    // Close the active tab: its right neighbour opens.
    await page.locator('.ant-tabs-tab-active .ant-tabs-tab-remove').click();
    await page.waitForURL('**/wel/recycle');
    // Close all but current.
    const tabs = page.locator('[data-testid^="tab-"]');
    await pickMenuItem(page.getByTestId('tabstrip-actions'), page.getByText(english('shell.tabs.closeOthers'), { exact: true }), async () => (await tabs.count()) === 1);
    expect(await tabs.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).toEqual(['tab-recycle']);
    // Kept per account: a fresh visit to / restores the last tab.
    await page.goto(`${env.stack.serverUrl}/`);
    await page.waitForURL('**/wel/recycle');
    await page.getByTestId('screen-recycle').waitFor();

    // Losing and regaining the network is announced (spec §4).
    await page.context().setOffline(true);
    await page.getByText(english('error.offline')).waitFor();
    await page.context().setOffline(false);
    await page.getByText(english('notice.online')).waitFor();
    await page.close();
  });

  it('shows the server message for a wrong password and sends unknown paths to the login page', async () => {
    const page = await env.browser.newPage();
    await page.goto(`${env.stack.serverUrl}/no/such/page`);
    await page.waitForURL('**/login');
    await signInThroughForm(page, env.stack.serverUrl, 'nobody@example.test', 'wrong password');
    await page.getByText(english('code.wrongCredentials')).waitFor();
    expect(page.url()).toMatch(/\/login$/);
    await page.close();
  });
});
