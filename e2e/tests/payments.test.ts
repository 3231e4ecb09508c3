import { Code, loginCall, profileCreateCall, subscriptionOrderCall, subscriptionsCall, type ProfileSettingsInput } from '@facet/contracts';
import { ApiError } from '@facet/api-client';
import { describe, expect, it } from 'vitest';
import { apiClientFor, signUpByApi } from '../support/accounts.ts';
import { screenshot, watchErrors } from '../support/browser.ts';
import { signInThroughForm, text, useStackAndBrowser } from '../support/fixture.ts';
import { openClient } from '../support/clientAccess.ts';
import { operator } from '../support/operatorCli.ts';

// An operator who sells plans: without one, a single profile.
const env = useStackAndBrowser({ FACET_FREE_PROFILES: '1', FACET_FREE_SUB_ACCOUNTS: '0' });

const settings = (name: string): ProfileSettingsInput => ({
  name,
  groupId: '0',
  os: 'windows',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  resolution: '1280x800',
  kernelVersion: '156',
  startPage: 'about:blank',
});

async function codeOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return Code.OK;
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

describe('plans and payments, in the browser version and the desktop client', () => {
  it('buys a plan, the operator confirms it, the console shows it within one poll; a duplicate changes nothing; an ended plan restricts', async () => {
    const added = await operator(env.stack, 'plan', 'add', '--name', 'Studio', '--price', '12.50', '--currency', 'USD', '--profiles', '3', '--subaccounts', '2', '--description', 'For a small shop');
    expect(added.code, added.stderr).toBe(0);
    const planId = added.stdout.trim();
    const person = await signUpByApi(env.stack);
    const client = await apiClientFor(env.stack);
    client.adopt(await client.call(loginCall, { account: person.email, passwd: person.password, isKeep: 0 }));
    await client.call(profileCreateCall, { settings: settings('Free one') });
    expect(await codeOf(client.call(profileCreateCall, { settings: settings('Over the free allowance') }))).toBe(Code.PROFILE_LIMIT_REACHED);

    const page = await env.browser.newPage();
    const errors = watchErrors(page);
    await signInThroughForm(page, env.stack.serverUrl, person.email, person.password);
    await page.waitForURL('**/wel/account/package');
    await page.getByTestId('plan-page').waitFor();
    expect(await page.getByTestId('plan-state').getAttribute('data-state')).toBe('free');
    await screenshot(page, 'plan-free');

    // Buy: the plan's tab, three months, a QR code for the order, the operator method.
    await page.getByTestId('plan-buy').click();
    const dialog = page.getByTestId('payment-dialog');
    await dialog.waitFor();
    await page.getByTestId(`payment-tab-${planId}`).click();
    await page.getByTestId('payment-time-3').click();
    await expect.poll(() => page.getByTestId('payment-footer-total').textContent()).toContain('37.50');
    await expect.poll(() => page.getByTestId('payment-qr').getAttribute('data-status')).toBe('active');
    const order = (await dialog.getAttribute('data-order'))!;
    expect(order).toMatch(/^ord_/);
    // The number to quote is on the dialog, not only in the mobile page.
    expect(await page.getByTestId('payment-order-number').textContent()).toBe(order);
    await page.getByTestId('payment-order-hint').waitFor();
    await screenshot(page, 'payment-dialog');
    // Meanwhile another browser tab of this console was last on the reward page (as its saved
    // tab strip says): a link into the console must still open the page it names, not that one.
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('facet.tabs.'))!;
      localStorage.setItem(key, JSON.stringify({ ...JSON.parse(localStorage.getItem(key)!), tabs: ['package', 'reward'], active: 'reward' }));
    });
    const [payWindow] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('payment-method-operator').click()]);
    await payWindow.waitForURL(`${env.stack.serverUrl}/wel/account/package?order=${order}`);
    await payWindow.getByTestId('plan-order-pending').waitFor();
    expect(await payWindow.getByTestId('plan-order-pending').textContent()).toContain(order);
    expect(payWindow.url()).toBe(`${env.stack.serverUrl}/wel/account/package?order=${order}`);
    await payWindow.close();
    // The order in the dialog is still the one the window was opened for.
    expect(await dialog.getAttribute('data-order')).toBe(order);

    // The operator confirms; the dialog's 4-second poll sees it.
    const confirmed = await operator(env.stack, 'order', 'confirm', order);
    expect(confirmed.code, confirmed.stderr).toBe(0);
    await page.getByTestId('payment-success').waitFor({ timeout: 15_000 });
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('plan-state').getAttribute('data-state')).toBe('active');
    expect(await page.getByTestId('plan-name').textContent()).toBe('Studio');
    expect(await page.getByTestId('plan-profiles').getAttribute('data-limit')).toBe('3');
    const expires = await page.getByTestId('plan-expires').textContent();
    await screenshot(page, 'plan-active');

    // The same confirmation again changes nothing.
    const again = await operator(env.stack, 'order', 'confirm', order);
    expect(again.code).toBe(1);
    await page.reload();
    await page.getByTestId('plan-page').waitFor();
    await expect.poll(() => page.getByTestId('plan-expires').textContent()).toBe(expires);

    // The plan's room: three profiles in all.
    await client.call(profileCreateCall, { settings: settings('Paid two') });
    const { profile } = await client.call(profileCreateCall, { settings: settings('Paid three') });
    expect(await codeOf(client.call(profileCreateCall, { settings: settings('Paid four') }))).toBe(Code.PROFILE_LIMIT_REACHED);

    // The operator ends the plan: the banner says so, and opening a profile is refused with its reason.
    expect((await operator(env.stack, 'plan', 'end', '--email', person.email)).code).toBe(0);
    expect(await codeOf(client.call(profileCreateCall, { settings: settings('After the end') }))).toBe(Code.PLAN_EXPIRED);
    const desktop = await env.browser.newPage();
    const desktopErrors = watchErrors(desktop);
    await signInThroughForm(desktop, env.stack.agentUrl, person.email, person.password);
    await desktop.getByTestId('banner-expired').waitFor();
    expect(await desktop.getByTestId('banner-expired').textContent()).toContain(text('banner.expiredMain'));
    await desktop.locator('[data-testid="mode-badge"][data-bridge="connected"]').waitFor();
    await openClient(desktop, env.stack.agentUrl, '/wel/browser');
    await desktop.getByTestId(`profile-launch-${profile.id}`).click();
    await desktop.getByText(text('startError.planExpired')).waitFor();
    expect(await desktop.getByTestId(`profile-running-${profile.id}`).count()).toBe(0);
    await screenshot(desktop, 'plan-ended-start-refused');

    // Renewing from the desktop client: the operator's page opens in the client's own console,
    // signed in, on the order (it used to open on the server's port, at its sign-in page).
    await desktop.getByTestId('menu-package').click();
    await desktop.getByTestId('plan-renew').click();
    await desktop.getByTestId('payment-order-number').waitFor();
    const renewal = (await desktop.getByTestId('payment-dialog').getAttribute('data-order'))!;
    const [clientPay] = await Promise.all([desktop.context().waitForEvent('page'), desktop.getByTestId('payment-method-operator').click()]);
    await clientPay.waitForURL(`${env.stack.agentUrl}/wel/account/package?order=${renewal}`);
    await clientPay.getByTestId('plan-order-pending').waitFor();
    await clientPay.close();
    expect(desktopErrors).toEqual([]);
    expect(errors).toEqual([]);
    await desktop.close();
    await page.close();
    // Five operator commands, each a process start of seconds on a loaded machine.
  }, 240_000);

  it('an order the operator fails closes the dialog with the operator\'s reason', async () => {
    const added = await operator(env.stack, 'plan', 'add', '--name', 'Solo', '--price', '5', '--currency', 'USD', '--profiles', '10', '--subaccounts', '0');
    expect(added.code, added.stderr).toBe(0);
    const person = await signUpByApi(env.stack);
    const page = await env.browser.newPage();
    const errors = watchErrors(page);
    await signInThroughForm(page, env.stack.serverUrl, person.email, person.password);
    await page.getByTestId('plan-page').waitFor();
    await page.getByTestId('plan-buy').click();
    const dialog = page.getByTestId('payment-dialog');
    await dialog.waitFor();
    await page.getByTestId(`payment-tab-${added.stdout.trim()}`).click();
    await expect.poll(() => page.getByTestId('payment-qr').getAttribute('data-status')).toBe('active');
    const order = (await dialog.getAttribute('data-order'))!;
    const failed = await operator(env.stack, 'order', 'fail', order, '--reason', 'No transfer arrived for this order.');
    expect(failed.code, failed.stderr).toBe(0);
    const notice = page.getByTestId('payment-failed');
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.textContent()).toContain('No transfer arrived for this order.');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('plan-state').getAttribute('data-state')).toBe('free');
    await screenshot(page, 'payment-failed');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('shows the paid plan in every open window of the account at the payment push, without a reload', async () => {
    const added = await operator(env.stack, 'plan', 'add', '--name', 'Everywhere', '--price', '7', '--currency', 'USD', '--profiles', '20', '--subaccounts', '3');
    expect(added.code, added.stderr).toBe(0);
    const person = await signUpByApi(env.stack);
    // An order made elsewhere (another tab, a phone), paid to the operator.
    const client = await apiClientFor(env.stack);
    client.adopt(await client.call(loginCall, { account: person.email, passwd: person.password, isKeep: 0 }));
    const { s: order } = await client.call(subscriptionsCall, { type: added.stdout.trim(), time: '1' });
    await client.call(subscriptionOrderCall, { s: order!, id: 'operator', consoleOrigin: env.stack.serverUrl });

    // Open meanwhile: the plan page in the browser version, the order's own page beside it, and
    // the plan page of the desktop client. None of them has the payment dialog's poll.
    const planPage = await env.browser.newPage();
    const errors = watchErrors(planPage);
    await signInThroughForm(planPage, env.stack.serverUrl, person.email, person.password);
    await planPage.getByTestId('plan-page').waitFor();
    const orderPage = await env.browser.newPage();
    await signInThroughForm(orderPage, env.stack.serverUrl, person.email, person.password);
    await orderPage.getByTestId('plan-page').waitFor();
    await orderPage.goto(`${env.stack.serverUrl}/wel/account/package?order=${order}`);
    await orderPage.getByTestId('plan-order-pending').waitFor();
    const desktop = await env.browser.newPage();
    const desktopErrors = watchErrors(desktop);
    await signInThroughForm(desktop, env.stack.agentUrl, person.email, person.password);
    await desktop.locator('[data-testid="mode-badge"][data-bridge="connected"]').waitFor();
    await desktop.getByTestId('menu-package').click();
    await desktop.getByTestId('plan-page').waitFor();
    for (const page of [planPage, orderPage, desktop]) expect(await page.getByTestId('plan-state').getAttribute('data-state')).toBe('free');

    expect((await operator(env.stack, 'order', 'confirm', order!)).code).toBe(0);
    // The push (888) reaches every window of the account at once; the 30 s the plan stays fresh
    // in a page, or a visit elsewhere and back, must not be what shows it.
    for (const page of [planPage, orderPage, desktop]) {
      await expect.poll(() => page.getByTestId('plan-state').getAttribute('data-state'), { timeout: 8_000, message: page.url() }).toBe('active');
      expect(await page.getByTestId('plan-name').textContent()).toBe('Everywhere');
    }
    await orderPage.getByTestId('plan-order-paid').waitFor({ timeout: 8_000 });
    await screenshot(orderPage, 'plan-order-paid-window');
    expect(errors).toEqual([]);
    expect(desktopErrors).toEqual([]);
    await Promise.all([planPage.close(), orderPage.close(), desktop.close()]);
  }, 180_000);
});
