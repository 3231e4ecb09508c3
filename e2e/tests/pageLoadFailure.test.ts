import { describe, expect, it } from 'vitest';
import { screenshot, watchErrors } from '../support/browser.ts';
import { signInThroughForm, text, useStackAndBrowser } from '../support/fixture.ts';
import { admitToClient } from '../support/clientAccess.ts';
import { signUpByApi } from '../support/accounts.ts';

const env = useStackAndBrowser();

/*
 * The console loads each page's code when it is first opened. When that code cannot be had (the
 * build changed while the tab stayed open, or the network dropped it), the page says so and
 * offers a reload, instead of React unmounting everything into a blank page.
 */
describe('a page whose code does not load', () => {
  it('says so and reloads into the page; the sign-in page outlives its background parts failing', async () => {
    const page = await (await env.browser.newContext()).newPage();
    const errors = watchErrors(page);
    await admitToClient(page, env.stack.serverUrl);
    let refused = { register: 0, extras: 0 };
    let refuse = true;
    await page.route(/\/assets\/(RegisterPage|AntdExtras)-[\w-]+\.js$/, async (route) => {
      if (!refuse) return route.continue();
      refused = route.request().url().includes('RegisterPage') ? { ...refused, register: refused.register + 1 } : { ...refused, extras: refused.extras + 1 };
      await route.abort('failed');
    });

    // The notices and the contact button load in the background and fail: the form stays.
    await page.goto(`${env.stack.serverUrl}/login`);
    await expect.poll(() => refused.extras, { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByLabel(text('auth.login.password'), { exact: true }).waitFor();
    expect(await page.getByTestId('page-failed').count()).toBe(0);

    // The sign-up page's code fails: its place says so, with a way out.
    await page.getByRole('link', { name: text('auth.login.register'), exact: true }).click();
    const failed = page.getByTestId('page-failed');
    await failed.getByText(text('error.pageCrashed')).waitFor();
    expect(refused.register).toBeGreaterThan(0);
    await screenshot(page, 'page-failed');

    // The code is there again: the reload brings the page.
    refuse = false;
    await failed.getByRole('button', { name: text('common.refresh'), exact: true }).click();
    await page.getByLabel(text('auth.register.email')).waitFor();
    expect(await page.getByTestId('page-failed').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a dialog's code that failed to come in the background comes when the dialog is opened", async () => {
    const person = await signUpByApi(env.stack);
    const page = await (await env.browser.newContext()).newPage();
    const errors = watchErrors(page);
    let refused = 0;
    let refuse = true;
    await page.route(/\/assets\/ProfileFormDrawer-[\w-]+\.js$/, async (route) => {
      if (!refuse) return route.continue();
      refused += 1;
      await route.abort('failed');
    });

    // The desktop client's list shows without the drawer's code, asked for once the browser is idle.
    await signInThroughForm(page, env.stack.agentUrl, person.email, person.password);
    await page.getByTestId('screen-browser').waitFor();
    await expect.poll(() => refused, { timeout: 15_000 }).toBe(1);

    // The network is back: opening the drawer asks again, and it comes.
    refuse = false;
    await page.getByTestId('profile-empty-create').click();
    await page.getByTestId('profile-form').waitFor();
    expect(await page.getByTestId('page-failed').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
