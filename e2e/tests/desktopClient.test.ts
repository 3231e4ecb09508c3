import { describe, expect, it } from 'vitest';
import { signUpByApi } from '../support/accounts.ts';
import { screenshot, watchErrors } from '../support/browser.ts';
import { menuKeys, signInThroughForm, text as english, useStackAndBrowser } from '../support/fixture.ts';

const env = useStackAndBrowser();

describe('desktop client (the agent\'s URL)', () => {
  it('signs in, shows the client-mode menu with the bridge connected, and signs out through the bridge', async () => {
    const person = await signUpByApi(env.stack);
    const page = await env.browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${env.stack.agentUrl}/`);
    await page.waitForURL('**/login'); // / → /wel/browser → not signed in → /login
    await signInThroughForm(page, env.stack.agentUrl, person.username, person.password);

    await page.waitForURL('**/wel/browser');
    expect(await page.getByTestId('mode-badge').getAttribute('data-mode')).toBe('client');
    await page.locator('[data-testid="mode-badge"][data-bridge="connected"]').waitFor();
    expect(await menuKeys(page)).toEqual(['accountList', 'application', 'browser', 'browserManagement', 'browsergroup', 'helper', 'operlog', 'package', 'recycle', 'reward', 'setting', 'share', 'sub'].sort());
    expect(await page.getByTestId('banner-download').count()).toBe(0);
    await page.getByTestId('screen-browser').waitFor();
    await screenshot(page, 'client-shell');

    // The user menu offers identity verification only in the client.
    await page.getByTestId('user-menu').click();
    await page.getByText(english('shell.user.kyc')).waitFor();
    await page.getByTestId('logout').click();
    await page.getByText(english('shell.logout.bodyClient')).waitFor();
    await page.getByTestId('logout-confirm').click();
    await page.waitForURL('**/login');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the bridge secret to the agent\'s own page', async () => {
    const page = await env.browser.newPage();
    // A page of another origin cannot open the bridge: the agent refuses its Origin.
    await page.goto(`${env.stack.serverUrl}/login`);
    const result = await page.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(url);
          ws.onopen = () => resolve('open');
          ws.onerror = () => resolve('refused');
        }),
      `${env.stack.agentUrl.replace('http', 'ws')}/bridge`,
    );
    expect(result).toBe('refused');
    await page.close();
  });
});
