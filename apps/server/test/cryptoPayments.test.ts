import { Code, orderDetailCall, paymentListenCall, subscriptionCoinsCall, subscriptionOrderCall, subscriptionsCall } from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from '../src/config.ts';
import { refusal, signedIn } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { operatorCli } from './support/operatorCli.ts';

const TRON_WALLET = 'TJYeasTPa6gpEEfYqkfbAQkvbDsv7KzRcE';
const ETH_WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
let server: TestServer;
beforeAll(async () => {
  // No FACET_PAYMENT_METHODS: wallets alone add the crypto method beside the operator's.
  server = await startTestServer({ FACET_CRYPTO_WALLETS: `usdt-trc20=${TRON_WALLET}, usdc-erc20=${ETH_WALLET}`, FACET_PAYMENT_METHODS: '' });
});
afterAll(() => server.close());

const cli = (...args: string[]) => operatorCli(server, { FACET_CRYPTO_WALLETS: `usdt-trc20=${TRON_WALLET}` })(...args);

let seq = 0;
async function addPlan(currency: string, monthlyPrice = 3750): Promise<string> {
  const id = `plan_coin_${++seq}_${Date.now()}`;
  await server.facet.services.repositories.plans.insert({ id, name: `Coin plan ${seq}`, monthly_price: monthlyPrice, currency, profiles: -1, sub_accounts: -1, description: '', sort: 1000 - seq, retired_at: null, created_at: Date.now() });
  return id;
}

describe('paying in a coin', () => {
  it('lists the coins the operator takes, and offers crypto only for plans in US dollars', async () => {
    const main = await signedIn(server);
    expect((await main.client.call(subscriptionCoinsCall, {})).list).toEqual([
      { id: 'usdt-trc20', name: 'USDT', network: 'TRON (TRC-20)', image: '/coins/usdt.svg' },
      { id: 'usdc-erc20', name: 'USDC', network: 'Ethereum (ERC-20)', image: '/coins/usdc.svg' },
    ]);
    const usd = await main.client.call(subscriptionsCall, { type: await addPlan('USD') });
    expect(usd.payment.map((m) => m.k)).toEqual(['operator', 'crypto']);
    const eur = await main.client.call(subscriptionsCall, { type: await addPlan('EUR') });
    expect(eur.payment.map((m) => m.k)).toEqual(['operator']);
    await refusal(main.client.call(subscriptionOrderCall, { s: eur.s!, id: 'crypto', coin: 'usdt-trc20' }), Code.PAYMENT_METHOD_UNAVAILABLE);
  });

  it('asks an exact amount of the chosen coin at the operator\'s wallet, unique among open orders', async () => {
    const main = await signedIn(server);
    const planId = await addPlan('USD');
    const view = await main.client.call(subscriptionsCall, { type: planId, time: '1' });
    // Chosen without a coin (the QR code's way): the order page asks for one.
    expect((await main.client.call(subscriptionOrderCall, { s: view.s!, id: 'crypto' })).url).toBe(`${server.baseUrl}/wel/account/package?order=${view.s}`);
    expect((await main.client.call(orderDetailCall, { s: view.s! })).crypto).toBeNull();

    await main.client.call(subscriptionOrderCall, { s: view.s!, id: 'crypto', coin: 'usdt-trc20' });
    const detail = await main.client.call(orderDetailCall, { s: view.s! });
    expect(detail).toMatchObject({ status: 'pending', amount: 3750, currency: 'USD', method: 'crypto', crypto: { coin: { id: 'usdt-trc20' }, address: TRON_WALLET } });
    expect(detail.crypto!.amount).toMatch(/^37\.50\d{4}$/);
    // The same coin again: the amount already shown stands (the person may be paying it).
    await main.client.call(subscriptionOrderCall, { s: view.s!, id: 'crypto', coin: 'usdt-trc20' });
    expect((await main.client.call(orderDetailCall, { s: view.s! })).crypto!.amount).toBe(detail.crypto!.amount);
    // A coin the operator does not take: refused, the order as it was.
    await refusal(main.client.call(subscriptionOrderCall, { s: view.s!, id: 'crypto', coin: 'usdt-erc20' }), Code.PAYMENT_METHOD_UNAVAILABLE);
    expect((await main.client.call(orderDetailCall, { s: view.s! })).crypto).toEqual(detail.crypto);

    // Another order of the same price and coin is told apart by its last digits.
    const other = await signedIn(server);
    const second = await other.client.call(subscriptionsCall, { type: planId, time: '1' });
    await other.client.call(subscriptionOrderCall, { s: second.s!, id: 'crypto', coin: 'usdt-trc20' });
    const secondAmount = (await other.client.call(orderDetailCall, { s: second.s! })).crypto!.amount;
    expect(secondAmount).toMatch(/^37\.50\d{4}$/);
    expect(secondAmount).not.toBe(detail.crypto!.amount);
    // Orders stay their account's.
    await refusal(other.client.call(orderDetailCall, { s: view.s! }), Code.NOT_FOUND);
  });

  it('shows the operator what to look for, and settles on their word', { timeout: 120_000 }, async () => {
    const main = await signedIn(server);
    const view = await main.client.call(subscriptionsCall, { type: await addPlan('USD', 990), time: '3' });
    await main.client.call(subscriptionOrderCall, { s: view.s!, id: 'crypto', coin: 'usdt-trc20' });
    const { crypto } = await main.client.call(orderDetailCall, { s: view.s! });
    expect(crypto!.amount).toMatch(/^29\.70\d{4}$/);
    const listed = await cli('admin', 'order', 'list', '--status', 'pending');
    expect(listed.stdout).toContain(`${crypto!.amount} usdt-trc20`);
    expect((await cli('admin', 'order', 'confirm', view.s!)).code).toBe(0);
    expect(await main.client.call(paymentListenCall, { s: view.s! })).toMatchObject({ val: 1 });
    expect((await main.client.call(orderDetailCall, { s: view.s! })).status).toBe('paid');
    // A settled order keeps the coin and amount it was paid with.
    await refusal(main.client.call(subscriptionOrderCall, { s: view.s!, id: 'crypto', coin: 'usdc-erc20' }), Code.ORDER_CLOSED);
    expect((await main.client.call(orderDetailCall, { s: view.s! })).crypto).toEqual(crypto);
  });
});

describe('FACET_CRYPTO_WALLETS', () => {
  it('refuses an unknown coin, an address of the wrong network, and crypto without wallets', () => {
    expect(() => loadServerConfig({ FACET_CRYPTO_WALLETS: 'doge=DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L' })).toThrow(/unknown coin "doge"/);
    expect(() => loadServerConfig({ FACET_CRYPTO_WALLETS: `usdt-trc20=${ETH_WALLET}` })).toThrow(/not a TRON \(TRC-20\) address/);
    expect(() => loadServerConfig({ FACET_PAYMENT_METHODS: 'operator,crypto' })).toThrow(/crypto without FACET_CRYPTO_WALLETS/);
    expect(loadServerConfig({ FACET_CRYPTO_WALLETS: `usdt-trc20=${TRON_WALLET}` }).paymentMethods).toEqual(['operator', 'crypto']);
  });
});
