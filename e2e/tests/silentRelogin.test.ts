import { describe, expect, it } from 'vitest';
import { signUpByApi } from '../support/accounts.ts';
import { watchErrors } from '../support/browser.ts';
import { signInThroughForm, text, useStackAndBrowser } from '../support/fixture.ts';

const SESSION_SECONDS = 4;
const env = useStackAndBrowser({ FACET_SESSION_TTL_SECONDS: String(SESSION_SECONDS) });
const english = (key: string) => text(key);

describe('an expired session', () => {
  it('re-logs in silently once and the queued call succeeds', async () => {
    const person = await signUpByApi(env.stack);
    const page = await env.browser.newPage();
    const errors = watchErrors(page);
    const calls: { path: string; code: number }[] = [];
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (!url.pathname.startsWith('/v2/web/')) return;
      const body = (await response.json().catch(() => null)) as { code?: number } | null;
      calls.push({ path: url.pathname.slice(8), code: body?.code ?? -1 });
    });
    await signInThroughForm(page, env.stack.serverUrl, person.email, person.password);
    await page.waitForURL('**/wel/account/package');
    await page.getByTestId('user-menu').click();
    await page.getByText(english('shell.user.info')).click();
    await page.getByTestId('screen-userinfo').waitFor();
    const before = await page.evaluate(() => sessionStorage.getItem('facet.credentials'));

    await page.waitForTimeout((SESSION_SECONDS + 1) * 1000);
    calls.length = 0;
    // Switching the language refreshes the view: the member call goes out with the dead token.
    await page.getByTestId('language-picker').click();
    await page.getByTestId('language-fr').click();
    await page.getByText(text('userinfo.title', 'fr')).first().waitFor();
    await expect.poll(() => calls.filter((c) => c.path === 'member' && c.code === 0).length).toBe(1);

    expect(calls.filter((c) => c.path === 'member').map((c) => c.code)).toEqual([886, 0]);
    expect(calls.filter((c) => c.path === 'auth/refresh').map((c) => c.code)).toEqual([0]);
    expect(page.url()).toMatch(/\/wel\/userinfo$/);
    const after = await page.evaluate(() => sessionStorage.getItem('facet.credentials'));
    expect(after).not.toBe(before);
    expect(errors).toEqual([]);
    await page.close();
  });
});
