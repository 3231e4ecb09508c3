import {
  Code,
  memberCall,
  paymentListenCall,
  planStatusCall,
  realtimeEvents,
  subscriptionOrderCall,
  subscriptionRenewalCall,
  subscriptionsCall,
  subAccountCreateCall,
} from '@facet/contracts';
import { io } from 'socket.io-client';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONTH_MS } from '../src/services/planTerm.ts';
import { logIn, refusal, signedIn } from './flows.ts';
import { newPerson, startTestServer, type TestServer } from './harness.ts';
import { operatorCli } from './support/operatorCli.ts';

const WEBHOOK_SECRET = 'whsec_test_facet_payments';
let server: TestServer;
beforeAll(async () => {
  // Stripe configured (its API is never called here: only webhooks, signed by its own helper).
  server = await startTestServer({ FACET_STRIPE_SECRET_KEY: 'sk_test_not_used', FACET_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, FACET_PAYMENT_METHODS: 'operator,stripe' });
});
afterAll(() => server.close());

/** Tests that run the CLI: each process start takes seconds on a loaded machine (as in cli.test.ts). */
const CLI_TEST_TIMEOUT = 120_000;

const cli = (...args: string[]) => operatorCli(server)(...args);

let planSeq = 0;
/** A plan straight into the catalogue (the CLI's own test adds one through the command). */
async function addPlan(fields: { profiles?: number; subAccounts?: number; monthlyPrice?: number } = {}): Promise<string> {
  const id = `plan_test_${++planSeq}_${Date.now()}`;
  await server.facet.services.repositories.plans.insert({
    id,
    name: `Plan ${planSeq}`,
    monthly_price: fields.monthlyPrice ?? 1000,
    currency: 'USD',
    profiles: fields.profiles ?? -1,
    sub_accounts: fields.subAccounts ?? -1,
    description: '',
    // Sorted first, so "no type" picks the newest test plan.
    sort: 1000 - planSeq,
    retired_at: null,
    created_at: Date.now(),
  });
  return id;
}

async function account(id: string) {
  return server.facet.database.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function orderRow(id: string) {
  return server.facet.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A Stripe event for a checkout session, signed the way Stripe signs it. */
function stripeEvent(type: string, session: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type, data: { object: { object: 'checkout.session', ...session } } });
  const header = new Stripe('sk_test_not_used').webhooks.generateTestHeaderString({ payload, secret });
  return { payload, header };
}

async function postWebhook(event: { payload: string; header: string }) {
  const response = await fetch(`${server.baseUrl}/v2/pay/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': event.header }, body: event.payload });
  return { status: response.status, body: (await response.json()) as { result?: string } };
}

function paidSession(order: { id: string; account_id: string; amount: number }, overrides: Record<string, unknown> = {}) {
  return { id: `cs_test_${order.id}`, client_reference_id: order.id, payment_status: 'paid', amount_total: order.amount, currency: 'usd', metadata: { order_id: order.id, account_id: order.account_id }, ...overrides };
}

describe('plans and payments', () => {
  it('opens an order for the chosen plan and time, with a QR link and an expiry', async () => {
    const planId = await addPlan({ profiles: 50, subAccounts: 3, monthlyPrice: 999 });
    const main = await signedIn(server);
    const view = await main.client.call(subscriptionsCall, { type: planId, time: '3' });
    expect(view.navigation.find((tab) => tab.id === planId)?.plan).toMatchObject({ monthlyPrice: 999, profiles: 50, subAccounts: 3 });
    expect(view.navigation.at(-1)).toMatchObject({ id: 'custom', type: 'custom' });
    expect(view.time.find((t) => t.selected)).toMatchObject({ months: 3, amount: 2997 });
    expect(view.footer).toContainEqual({ k: 'plan.footer.total', v: '2997' });
    expect(view.symbol).toBe('$');
    expect(view.payment.map((p) => p.k)).toEqual(['operator', 'stripe']);
    expect(view.qrcode).toBe(`${server.baseUrl}/v2/pay/${view.s}`);
    expect(view.qrExptime! - Date.now()).toBeGreaterThan(29 * 60_000);
    const order = await orderRow(view.s!);
    const { member } = await main.client.call(memberCall, {});
    expect(order).toMatchObject({ account_id: member.id, plan_id: planId, months: 3, amount: 2997, status: 'pending', kind: 'purchase' });
    expect(await main.client.call(paymentListenCall, { s: view.s! })).toMatchObject({ val: null });

    // The custom tab opens no order; bad input changes nothing.
    const custom = await main.client.call(subscriptionsCall, { type: 'custom' });
    expect(custom).toMatchObject({ s: null, qrcode: null, time: [] });
    await refusal(main.client.call(subscriptionsCall, { type: 'no_such_plan' }), Code.NOT_FOUND);
    await refusal(main.client.call(subscriptionsCall, { type: planId, time: '5' } as never), Code.INVALID_INPUT);
  });

  it('the operator confirms an order once through the CLI; the plan applies and a duplicate changes nothing', async () => {
    const added = await cli('admin', 'plan', 'add', '--name', 'Team', '--price', '19.90', '--currency', 'usd', '--profiles', '200', '--subaccounts', '10', '--storage', '2048', '--sort', '0');
    expect(added.code, added.stderr).toBe(0);
    const planId = added.stdout.trim();
    expect((await cli('admin', 'plan', 'list')).stdout).toMatch(new RegExp(`${planId}\\tTeam\\t\\$19\\.90\\t200\\t10\\t2048 MB\\toffered`));
    const main = await signedIn(server);
    const view = await main.client.call(subscriptionsCall, { type: planId, time: '1' });
    expect(view.time.find((t) => t.selected)?.amount).toBe(1990);
    // The operator method's checkout is the order's page in the console that asked: this
    // server's, or the desktop client's on loopback; never another site.
    const { url } = await main.client.call(subscriptionOrderCall, { s: view.s!, id: 'operator' });
    expect(url).toBe(`${server.baseUrl}/wel/account/package?order=${view.s}`);
    const fromClient = await main.client.call(subscriptionOrderCall, { s: view.s!, id: 'operator', consoleOrigin: 'http://127.0.0.1:50999' });
    expect(fromClient.url).toBe(`http://127.0.0.1:50999/wel/account/package?order=${view.s}`);
    const elsewhere = await main.client.call(subscriptionOrderCall, { s: view.s!, id: 'operator', consoleOrigin: 'https://evil.example' });
    expect(elsewhere.url).toBe(`${server.baseUrl}/wel/account/package?order=${view.s}`);

    const before = Date.now();
    const confirmed = await cli('admin', 'order', 'confirm', view.s!);
    expect(confirmed.code, confirmed.stderr).toBe(0);
    expect(await main.client.call(paymentListenCall, { s: view.s! })).toMatchObject({ val: 1, failure: null });
    const { status } = await main.client.call(planStatusCall, {});
    expect(status).toMatchObject({ state: 'active', plan: { id: planId, name: 'Team', storageBytes: 2048 * 1024 * 1024 }, profiles: { used: 0, limit: 200 }, subAccounts: { used: 0, limit: 10 }, storage: { used: 0, limit: 2048 * 1024 * 1024 } });
    expect(status.expiresAt! - before).toBeGreaterThanOrEqual(MONTH_MS);
    expect(status.expiresAt! - before).toBeLessThan(MONTH_MS + 60_000);
    const { member } = await main.client.call(memberCall, {});
    expect(member.subscription).toMatchObject({ isNew: false, expired: false, expiresAt: status.expiresAt });

    // Confirmed twice: refused, and the plan's end does not move.
    const again = await cli('admin', 'order', 'confirm', view.s!);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already paid; nothing changed');
    expect((await main.client.call(planStatusCall, {})).status.expiresAt).toBe(status.expiresAt);
    expect((await orderRow(view.s!)).status).toBe('paid');
    // A closed order takes no further payment.
    await refusal(main.client.call(subscriptionOrderCall, { s: view.s!, id: 'operator' }), Code.ORDER_CLOSED);
    expect((await cli('admin', 'order', 'confirm', 'ord_nothing')).code).toBe(1);
    expect((await cli('admin', 'plan', 'add', '--name', 'X', '--price', '1.999', '--currency', 'USD', '--profiles', '1', '--subaccounts', '1')).code).toBe(2);
  }, CLI_TEST_TIMEOUT);

  it('grants the 3-day trial once, by operator command', async () => {
    const planId = await addPlan({ profiles: 7 });
    const main = await signedIn(server);
    const granted = await cli('admin', 'trial', '--email', main.email, '--plan', planId);
    expect(granted.code, granted.stderr).toBe(0);
    const { status } = await main.client.call(planStatusCall, {});
    expect(status).toMatchObject({ state: 'active', trialGranted: true, profiles: { limit: 7 } });
    expect(status.expiresAt! - Date.now()).toBeGreaterThan(3 * 86_400_000 - 120_000);
    expect(status.expiresAt! - Date.now()).toBeLessThanOrEqual(3 * 86_400_000);
    const again = await cli('admin', 'trial', '--email', main.email, '--plan', planId);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('trial already granted');
    expect((await main.client.call(planStatusCall, {})).status.expiresAt).toBe(status.expiresAt);
  }, CLI_TEST_TIMEOUT);

  it('an operator failure reads as failed (val 0) and applies nothing', async () => {
    const planId = await addPlan();
    const main = await signedIn(server);
    const view = await main.client.call(subscriptionsCall, { type: planId });
    const failed = await cli('admin', 'order', 'fail', view.s!, '--reason', 'no money arrived');
    expect(failed.code, failed.stderr).toBe(0);
    expect(await main.client.call(paymentListenCall, { s: view.s! })).toMatchObject({ val: 0, failure: 'no money arrived' });
    expect((await account((await orderRow(view.s!)).account_id)).plan_expires_at).toBeNull();
    expect((await orderRow(view.s!)).failure).toBe('no money arrived');
  }, CLI_TEST_TIMEOUT);

  it('applies a Stripe webhook once, verified with Stripe’s SDK, and pushes 888 to the account', async () => {
    const planId = await addPlan({ profiles: 5 });
    const main = await signedIn(server);
    const view = await main.client.call(subscriptionsCall, { type: planId, time: '6' });
    const order = await orderRow(view.s!);

    const socket = io(server.baseUrl, { path: '/socket.io', transports: ['websocket'], forceNew: true });
    const pushes: { code: number; data?: unknown }[] = [];
    socket.on(realtimeEvents.message, (message: { code: number; data?: unknown }) => pushes.push(message));
    await new Promise<void>((resolve) => socket.on('connect', () => socket.emit(realtimeEvents.login, { auth: main.grant.auth }, () => resolve())));
    try {
      // Wrong secret, and a body changed after signing: 400, nothing applied.
      expect((await postWebhook(stripeEvent('checkout.session.completed', paidSession(order), 'whsec_someone_else'))).status).toBe(400);
      const tampered = stripeEvent('checkout.session.completed', paidSession(order, { amount_total: 1 }));
      expect((await postWebhook({ ...tampered, payload: tampered.payload.replace('"amount_total":1', `"amount_total":${order.amount}`) })).status).toBe(400);
      // Signed, but for less money, or naming another account: acknowledged and ignored.
      expect((await postWebhook(stripeEvent('checkout.session.completed', paidSession(order, { amount_total: order.amount - 1 })))).body.result).toBe('mismatch');
      expect((await postWebhook(stripeEvent('checkout.session.completed', paidSession(order, { metadata: { order_id: order.id, account_id: 'acc_other' } })))).body.result).toBe('mismatch');
      // An order token that is nobody's.
      expect((await postWebhook(stripeEvent('checkout.session.completed', paidSession({ ...order, id: 'ord_foreign' })))).body.result).toBe('unknown');
      expect((await orderRow(order.id)).status).toBe('pending');
      expect((await account(order.account_id)).plan_expires_at).toBeNull();

      const paid = stripeEvent('checkout.session.completed', paidSession(order));
      expect((await postWebhook(paid)).body.result).toBe('applied');
      const applied = await account(order.account_id);
      expect(applied).toMatchObject({ plan_id: planId, plan_profiles: 5 });
      // The same event delivered again, and a failure after the success: nothing moves.
      expect((await postWebhook(paid)).body.result).toBe('unchanged');
      expect((await postWebhook(stripeEvent('checkout.session.async_payment_failed', paidSession(order, { payment_status: 'unpaid' })))).body.result).toBe('unchanged');
      expect((await account(order.account_id)).plan_expires_at).toBe(applied.plan_expires_at);
      expect(await main.client.call(paymentListenCall, { s: order.id })).toMatchObject({ val: 1 });
      await expect.poll(() => pushes.filter((p) => p.code === Code.PAYMENT_SUCCEEDED)).toEqual([expect.objectContaining({ data: { s: order.id } })]);
    } finally {
      socket.close();
    }
  });

  it('renews (time added after the current end) and changes plan (unused time carried at the price ratio)', async () => {
    const basic = await addPlan({ monthlyPrice: 500, profiles: 10 });
    const pro = await addPlan({ monthlyPrice: 1000, profiles: 100 });
    const main = await signedIn(server);
    const bought = await main.client.call(subscriptionsCall, { type: basic, time: '1' });
    await server.facet.services.payments.settle({ orderId: bought.s!, status: 'paid', amount: null, currency: null, accountId: null }, 'operator');
    const firstEnd = (await main.client.call(planStatusCall, {})).status.expiresAt!;

    const renewal = await main.client.call(subscriptionRenewalCall, {});
    expect(renewal.plan.find((p) => p.selected)).toMatchObject({ id: basic, type: 'renew', tag: 'plan.tag.current' });
    expect(renewal.plan.find((p) => p.id === pro)).toMatchObject({ type: 'change' });
    expect(renewal.dashboard.header).toMatchObject({ expTime: firstEnd, tag: 'plan.state.active' });
    expect((await orderRow(renewal.s!)).kind).toBe('renew');
    await server.facet.services.payments.settle({ orderId: renewal.s!, status: 'paid', amount: null, currency: null, accountId: null }, 'operator');
    expect((await main.client.call(planStatusCall, {})).status.expiresAt).toBe(firstEnd + MONTH_MS);

    const change = await main.client.call(subscriptionRenewalCall, { type: pro, time: '1' });
    expect((await orderRow(change.s!)).kind).toBe('change');
    const at = Date.now();
    await server.facet.services.payments.settle({ orderId: change.s!, status: 'paid', amount: null, currency: null, accountId: null }, 'operator');
    const { status } = await main.client.call(planStatusCall, {});
    expect(status.plan?.id).toBe(pro);
    // About two months of a half-price plan left → about one month of the new one, plus the month bought.
    expect(status.expiresAt! - at).toBeGreaterThan(2 * MONTH_MS - 120_000);
    expect(status.expiresAt! - at).toBeLessThan(2 * MONTH_MS + 60_000);
  });

  it('keeps orders to their account and plans to main accounts', async () => {
    const planId = await addPlan();
    const main = await signedIn(server);
    const other = await signedIn(server);
    const view = await main.client.call(subscriptionsCall, { type: planId });
    await refusal(other.client.call(paymentListenCall, { s: view.s! }), Code.NOT_FOUND);
    await refusal(other.client.call(subscriptionOrderCall, { s: view.s!, id: 'operator' }), Code.NOT_FOUND);
    const subName = newPerson('ps').username;
    await main.client.call(subAccountCreateCall, { username: subName, password: 'sub password 1' });
    const sub = await logIn(server, subName, 'sub password 1');
    await refusal(sub.client.call(subscriptionsCall, {}), Code.MAIN_ACCOUNT_ONLY);
    await refusal(sub.client.call(subscriptionRenewalCall, {}), Code.MAIN_ACCOUNT_ONLY);
    await refusal(sub.client.call(paymentListenCall, { s: view.s! }), Code.MAIN_ACCOUNT_ONLY);
    // The sub-account sees its main account's plan.
    expect((await sub.client.call(planStatusCall, {})).status.state).toBe('free');
  });

  it('the QR link leads to the default method’s checkout, and refuses an expired order', async () => {
    const planId = await addPlan();
    const main = await signedIn(server);
    const view = await main.client.call(subscriptionsCall, { type: planId });
    const response = await fetch(view.qrcode!, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${server.baseUrl}/wel/account/package?order=${view.s}`);
    server.clock.advance(31 * 60);
    try {
      expect(await (await fetch(view.qrcode!, { redirect: 'manual' })).json()).toMatchObject({ code: Code.QR_CODE_EXPIRED });
      await refusal(main.client.call(subscriptionOrderCall, { s: view.s!, id: 'operator' }), Code.QR_CODE_EXPIRED);
    } finally {
      server.clock.advance(-31 * 60);
    }
  });
});
