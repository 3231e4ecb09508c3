import { describe, expect, it } from 'vitest';
import { signUpByApi } from '../support/accounts.ts';
import { screenshot, watchErrors } from '../support/browser.ts';
import { signInThroughForm, useStackAndBrowser } from '../support/fixture.ts';
import { operator } from '../support/operatorCli.ts';

const TRON_WALLET = 'TJYeasTPa6gpEEfYqkfbAQkvbDsv7KzRcE';
// An operator who takes USDT on TRON beside their own arrangement.
const env = useStackAndBrowser({ FACET_FREE_PROFILES: '1', FACET_CRYPTO_WALLETS: `usdt-trc20=${TRON_WALLET}` });

describe('paying for a plan in a stablecoin', () => {
  it('picks the coin in the payment dialog, gets the wallet and an exact amount, and sees the order paid once the operator confirms', async () => {
    const added = await operator(env.stack, 'plan', 'add', '--name', 'Coins', '--price', '12.50', '--currency', 'USD', '--profiles', '5', '--subaccounts', '1');
    expect(added.code, added.stderr).toBe(0);
    const person = await signUpByApi(env.stack);
    const page = await (await env.browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    const errors = watchErrors(page);
    await signInThroughForm(page, env.stack.serverUrl, person.email, person.password);
    await page.waitForURL('**/wel/account/package');
    await page.getByTestId('plan-buy').click();
    const dialog = page.getByTestId('payment-dialog');
    await dialog.waitFor();
    await expect.poll(() => page.getByTestId('payment-qr').getAttribute('data-status')).toBe('active');
    const order = (await dialog.getAttribute('data-order'))!;

    // The crypto method lists the coins the operator takes; choosing one opens the order's page.
    await page.getByTestId('payment-method-crypto').click();
    await page.getByTestId('coin-picker').getByText('TRON (TRC-20)').waitFor();
    await screenshot(page, 'crypto-coin-picker');
    const [payWindow] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('coin-usdt-trc20').click()]);
    await payWindow.waitForURL(`${env.stack.serverUrl}/wel/account/package?order=${order}`);
    await payWindow.getByTestId('plan-order-crypto').waitFor();
    expect(await payWindow.getByTestId('crypto-address').textContent()).toBe(TRON_WALLET);
    const amount = (await payWindow.getByTestId('crypto-amount').textContent())!;
    expect(amount).toMatch(/^12\.50\d{4} USDT$/);
    await screenshot(payWindow, 'crypto-order-page');

    // The operator sees the exact amount beside the order, and confirms it.
    const listed = await operator(env.stack, 'order', 'list', '--status', 'pending');
    expect(listed.stdout).toContain(`${amount.replace(' USDT', '')} usdt-trc20`);
    expect((await operator(env.stack, 'order', 'confirm', order)).code).toBe(0);
    await payWindow.getByTestId('plan-order-paid').waitFor({ timeout: 15_000 });
    expect(await payWindow.getByTestId('plan-order-paid').textContent()).toContain(order);
    // The dialog that made the order hears it too and closes.
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByTestId('plan-name').getByText('Coins').waitFor();
    expect(errors).toEqual([]);
  });
});
