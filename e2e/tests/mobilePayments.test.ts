import { describe, expect, it } from 'vitest';
import { signUpByApi } from '../support/accounts.ts';
import { screenshot, watchErrors } from '../support/browser.ts';
import { signInThroughForm, text, useStackAndBrowser } from '../support/fixture.ts';
import { operator } from '../support/operatorCli.ts';

const env = useStackAndBrowser({ FACET_FREE_PROFILES: '1', FACET_FREE_SUB_ACCOUNTS: '0' });

/** A phone: the console knows it by its user agent (spec §2 mobile redirects). */
const phone = {
  viewport: { width: 390, height: 844 },
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  isMobile: true,
  hasTouch: true,
};

describe('the mobile screens at a phone viewport', () => {
  it('signs in to "my", picks a plan and a term, pays, and lands on the success page when the operator confirms', async () => {
    const added = await operator(env.stack, 'plan', 'add', '--name', 'Pocket', '--price', '9.00', '--currency', 'USD', '--profiles', '5', '--subaccounts', '1', '--description', 'For one phone shop');
    expect(added.code, added.stderr).toBe(0);
    const planId = added.stdout.trim();
    const person = await signUpByApi(env.stack);

    const context = await env.browser.newContext(phone);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInThroughForm(page, env.stack.serverUrl, person.email, person.password);
    // A main account on a phone lands on "my", not on the desktop console.
    await page.waitForURL('**/mobile/my');
    await page.getByTestId('screen-mobile-my').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.viewport.width);
    await screenshot(page, 'mobile-my');

    // The pay page opened by hand, with no plan chosen: the plan list, not "input abnormal".
    await page.goto(`${env.stack.serverUrl}/mobile/package/pay`);
    await page.waitForURL('**/mobile/package');
    await page.getByTestId(`mobile-plan-card-${planId}`).waitFor();
    expect(await page.getByText(text('code.invalidInput')).count()).toBe(0);
    await page.goto(`${env.stack.serverUrl}/mobile/my`);
    await page.getByTestId('mobile-my-package').tap();
    await page.waitForURL('**/mobile/package');
    await page.getByTestId(`mobile-plan-card-${planId}`).tap();
    await page.waitForURL(`**/mobile/package/detail?type=${planId}`);
    expect(await page.getByTestId('mobile-detail-name').textContent()).toBe('Pocket');
    await page.getByTestId('mobile-time-3').tap();
    await screenshot(page, 'mobile-detail');
    // No plan in force yet: this is a purchase, on /pay (a renewal goes to /pay_new).
    expect(await page.getByTestId('mobile-buy').getAttribute('data-kind')).toBe('purchase');
    await page.getByTestId('mobile-buy').tap();
    await page.waitForURL(/\/mobile\/package\/pay\?/);
    expect(new URL(page.url()).searchParams.get('time')).toBe('3');
    await expect.poll(() => page.getByTestId('mobile-pay-total').textContent()).toContain('27.00');
    await expect.poll(() => page.getByTestId('mobile-pay-qr').getAttribute('data-status')).toBe('active');
    const order = await page.getByTestId('mobile-pay').getAttribute('data-order');
    expect(order).toMatch(/^ord_/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.viewport.width);
    await screenshot(page, 'mobile-pay');

    // The operator confirms; the page's poll (or the 888 push) goes to the success page.
    const confirmed = await operator(env.stack, 'order', 'confirm', order!);
    expect(confirmed.code, confirmed.stderr).toBe(0);
    await page.getByTestId('mobile-success').waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/mobile/package/success');
    // The success page shows the plan now in force.
    await expect.poll(() => page.getByTestId('mobile-current-plan').getAttribute('data-state')).toBe('active');
    expect(await page.getByTestId('mobile-plan-name').textContent()).toBe('Pocket');
    await screenshot(page, 'mobile-success');

    // Back on the plans, buying the same plan again is a renewal.
    await page.getByTestId('mobile-success-back').tap();
    await page.waitForURL('**/mobile/package');
    await page.getByTestId(`mobile-plan-card-${planId}`).tap();
    await expect.poll(() => page.getByTestId('mobile-buy').getAttribute('data-kind')).toBe('renewal');
    expect(errors).toEqual([]);
    await context.close();
    // Two operator commands, each a process start of seconds on a loaded machine.
  }, 180_000);
});
