import { COIN_CURRENCY, Code, UNLIMITED, coinView, type CallResponse, type Coin, type CoinId, type PaymentMethod, type PlanStatus, type orderDetailCall, type paymentListenCall, type subscriptionRenewalCall, type subscriptionsCall } from '@facet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import { CryptoProvider } from '../payments/cryptoProvider.ts';
import type { PaymentOutcome, PaymentProvider } from '../payments/paymentProvider.ts';
import type { PushHub } from '../realtime/pushHub.ts';
import type { Account } from '../repositories/accounts.ts';
import { type OrdersRepository, type OrderRow } from '../repositories/orders.ts';
import { type PlansRepository, type PlanRow } from '../repositories/plans.ts';
import { newId } from '../security/tokens.ts';
import type { Store } from '../repositories/store.ts';
import type { OperationLog } from './operationLog.ts';
import type { PlanAllowance } from './planAllowance.ts';
import type { ReferralRewards } from './referralRewards.ts';
import type { StorageQuota } from './storageQuota.ts';
import { storageBytesOf } from '../codecs/storageBytes.ts';
import { MONTH_MS, TRIAL_MS, nextExpiry, orderKind, type PlanInForce } from './planTerm.ts';
import { currencySymbol, footer, paymentOptions, planView, timeOptions } from '../codecs/planViews.ts';
import { assertMain } from './roles.ts';

interface Selection {
  type?: string | undefined;
  time?: string | undefined;
}

type SettleResult = 'applied' | 'unchanged' | 'unknown' | 'mismatch';

const CUSTOM = 'custom';

/**
 * Orders and the plan they pay for (spec §3, §4, §7). Opening the purchase or renewal view
 * opens an order for the selection; a provider's callback or an operator settles it once; a
 * paid order moves the main account's plan in the same transaction.
 */
export class PaymentService {
  private readonly plans: PlansRepository;
  private readonly orders: OrdersRepository;
  private readonly providers: Map<PaymentMethod, PaymentProvider>;

  constructor(
    private readonly store: Store,
    private readonly allowance: PlanAllowance,
    private readonly storage: StorageQuota,
    private readonly push: PushHub,
    private readonly clock: Clock,
    providers: readonly PaymentProvider[],
    private readonly orderLifetimeMs: number,
    private readonly operationLog: OperationLog,
    private readonly rewards: ReferralRewards,
    private readonly log: FastifyBaseLogger,
  ) {
    this.plans = store.plans;
    this.orders = store.orders;
    this.providers = new Map(providers.map((p) => [p.method, p]));
  }

  /** The plan in force for the actor's team and how much of it is used. */
  async status(actor: Account): Promise<PlanStatus> {
    const team = await this.allowance.of(actor);
    const holder = await this.holder(actor);
    const plan = holder.plan_id ? await this.plans.find(holder.plan_id) : undefined;
    const storage = await this.storage.usage(actor.id);
    return {
      state: team.state,
      plan: plan ? { ...planView(plan), profiles: holder.plan_profiles ?? plan.profiles, subAccounts: holder.plan_sub_accounts ?? plan.sub_accounts, storageBytes: storageBytesOf(holder.plan_storage_mb ?? UNLIMITED) } : null,
      expiresAt: holder.plan_expires_at,
      // The limits in force: once a plan has expired, the free allowance's.
      profiles: { used: await this.allowance.teamProfiles(team.holderId), limit: team.profiles },
      subAccounts: { used: await this.allowance.teamSubAccounts(team.holderId), limit: team.subAccounts },
      storage: { used: storage.usedBytes, limit: storage.limitBytes },
      trialGranted: holder.trial_granted_at !== null,
    };
  }

  async purchaseView(actor: Account, selection: Selection, origin: string): Promise<CallResponse<typeof subscriptionsCall>> {
    assertMain(actor);
    const offered = await this.plans.listOffered();
    const custom = selection.type === CUSTOM || offered.length === 0;
    const plan = custom ? null : this.pick(offered, selection.type ?? offered[0]!.id);
    const months = Number(selection.time ?? '1');
    const navigation = [
      ...offered.map((p) => ({ id: p.id, type: 'plan' as const, tag: p.id === actor.plan_id ? 'plan.tag.current' : null, plan: planView(p) })),
      { id: CUSTOM, type: 'custom' as const, tag: null, plan: null },
    ];
    if (!plan) return { navigation, time: [], footer: [], symbol: '', payment: [], qrcode: null, qrExptime: null, s: null };
    const order = await this.openOrder(actor, plan, months);
    return { navigation, time: timeOptions(plan, months), footer: footer(plan, months), ...this.orderFields(order, plan, origin) };
  }

  async renewalView(actor: Account, selection: Selection, origin: string): Promise<CallResponse<typeof subscriptionRenewalCall>> {
    assertMain(actor);
    const current = actor.plan_id ? await this.plans.find(actor.plan_id) : undefined;
    const others = (await this.plans.listOffered()).filter((p) => p.id !== current?.id);
    const choices = current ? [current, ...others] : others;
    if (choices.length === 0) throw new AppError(Code.NOT_FOUND);
    const plan = this.pick(choices, selection.type ?? choices[0]!.id);
    const months = Number(selection.time ?? '1');
    const order = await this.openOrder(actor, plan, months);
    const team = await this.allowance.of(actor);
    return {
      time: { list: timeOptions(plan, months), only: false },
      plan: choices.map((p) => ({
        id: p.id,
        type: p.id === current?.id ? ('renew' as const) : ('change' as const),
        amount: p.monthly_price * months,
        mo: months,
        profiles: p.profiles,
        subaccount: p.sub_accounts,
        selected: p.id === plan.id,
        tag: p.id === current?.id ? 'plan.tag.current' : null,
        name: p.name,
      })),
      dashboard: {
        header: { account: actor.email ?? actor.username, intro: current?.name ?? '', expTime: actor.plan_expires_at, tag: `plan.state.${team.state}` },
        data: [
          { k: 'plan.footer.profiles', v: `${await this.allowance.teamProfiles(actor.id)}/${team.profiles}` },
          { k: 'plan.footer.subAccounts', v: `${await this.allowance.teamSubAccounts(actor.id)}/${team.subAccounts}` },
        ],
      },
      ...this.orderFields(order, plan, origin),
    };
  }

  /** Where to pay an open order of the actor's with a method the server offers (and, for crypto, a coin). */
  async checkout(actor: Account, orderId: string, method: PaymentMethod, origin: string, coin?: CoinId): Promise<string> {
    assertMain(actor);
    const order = await this.orders.findOwn(actor.id, orderId);
    if (!order) throw new AppError(Code.NOT_FOUND);
    return this.checkoutOrder(order, method, origin, coin);
  }

  /** The coins this server takes (spec §3 "coin rate list"); none without the crypto method. */
  coins(actor: Account): Coin[] {
    assertMain(actor);
    return this.crypto()?.coins() ?? [];
  }

  /** One of the actor's orders, as its page shows it. */
  async orderDetail(actor: Account, orderId: string): Promise<CallResponse<typeof orderDetailCall>> {
    assertMain(actor);
    const order = await this.orders.findOwn(actor.id, orderId);
    if (!order) throw new AppError(Code.NOT_FOUND);
    const coin = order.coin_id as CoinId | null;
    const address = coin ? this.crypto()?.walletOf(coin) : null;
    return {
      s: order.id,
      status: order.status,
      amount: order.amount,
      currency: order.currency,
      symbol: currencySymbol(order.currency),
      method: (order.method as PaymentMethod | null) ?? null,
      expiresAt: order.expires_at,
      crypto: coin && address && order.coin_amount ? { coin: coinView(coin), address, amount: order.coin_amount } : null,
    };
  }

  private crypto(): CryptoProvider | null {
    const provider = this.providers.get('crypto');
    return provider instanceof CryptoProvider ? provider : null;
  }

  /**
   * The QR code's link: whoever scans it (a phone, no session) reaches the default method's
   * checkout. The order id is 96 random bits; it reveals nothing but the way to pay it.
   */
  async checkoutFromCode(orderId: string, origin: string): Promise<string> {
    const order = await this.orders.find(orderId);
    if (!order) throw new AppError(Code.NOT_FOUND);
    // A GET anyone with the link can send (and a link preview does): it says where to pay and
    // records nothing. The order keeps the method its owner chose (subscriptions/order).
    return (await this.providerCheckout(order, this.defaultMethod(), origin)).url;
  }

  async listen(actor: Account, orderId: string): Promise<CallResponse<typeof paymentListenCall>> {
    assertMain(actor);
    const order = await this.orders.findOwn(actor.id, orderId);
    if (!order) throw new AppError(Code.NOT_FOUND);
    const val = order.status === 'paid' ? 1 : order.status === 'failed' ? 0 : null;
    return { val, expiresAt: order.expires_at, failure: order.status === 'failed' ? order.failure : null };
  }

  /**
   * Applies a provider's or an operator's word on an order, once. A duplicate, a failure after a
   * success, an order that is not ours or a payment that does not match the order changes
   * nothing. A payment that arrives after the QR code expired still counts: the money was taken.
   */
  async settle(outcome: PaymentOutcome, method: string): Promise<SettleResult> {
    const result = await this.store.transaction(async (tx) => {
      const orders = tx.orders;
      const order = await orders.find(outcome.orderId);
      if (!order) return { result: 'unknown' as const };
      if (!matches(order, outcome)) return { result: 'mismatch' as const, order };
      const now = this.clock.now();
      const settled = await orders.settle(order.id, { status: outcome.status, at: now, method, ...(outcome.failure ? { failure: outcome.failure } : {}) });
      if (!settled) return { result: 'unchanged' as const, order };
      if (outcome.status === 'paid') await this.applyPaid(tx, order, now, method);
      return { result: 'applied' as const, order };
    });
    if (result.result === 'mismatch') this.log.warn({ orderId: outcome.orderId, method }, 'payment callback does not match its order; ignored');
    if (result.result === 'applied') {
      await this.push.pushToAccount(result.order.account_id, outcome.status === 'paid' ? Code.PAYMENT_SUCCEEDED : Code.PAYMENT_FAILED, { s: result.order.id });
    }
    return result.result;
  }

  /** The operator's 3-day trial: once per account, only for one without a plan in force. */
  async grantTrial(account: Account, planId: string): Promise<number> {
    if (account.type !== 'main') throw new AppError(Code.MAIN_ACCOUNT_ONLY);
    if (account.trial_granted_at !== null) throw new AppError(Code.PERMISSION_DENIED, { reason: 'trial already granted' });
    const now = this.clock.now();
    if (account.plan_expires_at !== null && account.plan_expires_at > now) throw new AppError(Code.PERMISSION_DENIED, { reason: 'a plan is in force' });
    const plan = await this.plans.find(planId);
    if (!plan) throw new AppError(Code.NOT_FOUND, { planId });
    const expiresAt = now + TRIAL_MS;
    await this.store.transaction(async (tx) => {
      if (!(await tx.accounts.grantTrial(account.id, plan, expiresAt, now))) throw new AppError(Code.PERMISSION_DENIED, { reason: 'trial already granted' });
      await this.operationLog.record(tx, account, 'plan.trial', plan.name, { until: expiresAt }, 'operator');
    });
    return expiresAt;
  }

  /** The operator ends a plan in force now; false when there is none. Logged as the operator's. */
  async endPlan(account: Account): Promise<boolean> {
    const now = this.clock.now();
    return this.store.transaction(async (tx) => {
      if (!(await tx.accounts.endPlan(account.id, now))) return false;
      const plan = account.plan_id ? await tx.plans.find(account.plan_id) : undefined;
      await this.operationLog.record(tx, account, 'plan.ended', plan?.name ?? '', {}, 'operator');
      return true;
    });
  }

  private async applyPaid(tx: Store, order: OrderRow, now: number, method: string): Promise<void> {
    const account = await tx.accounts.findById(order.account_id);
    if (!account) throw new Error(`order ${order.id} names a missing account`);
    const plans = tx.plans;
    const plan = await plans.find(order.plan_id);
    if (!plan) throw new Error(`order ${order.id} names a missing plan`);
    const currentPlan = account.plan_id ? await plans.find(account.plan_id) : undefined;
    const current: PlanInForce = { planId: account.plan_id, expiresAt: account.plan_expires_at, monthlyPrice: currentPlan?.monthly_price ?? null };
    // Days this account earned by inviting others while it had no plan go onto this one.
    const pendingDays = await this.rewards.takePending(tx, account.id);
    const expiresAt = nextExpiry(current, { planId: plan.id, months: order.months, monthlyPrice: plan.monthly_price }, now) + pendingDays * 86_400_000;
    await tx.accounts.setPlan(account.id, plan, expiresAt, now);
    await this.operationLog.record(tx, account, 'plan.paid', plan.name, { months: order.months, order: order.id, until: expiresAt }, `payment: ${method}`);
    await this.rewards.rewardInviter(tx, account, order.id);
  }

  private async openOrder(actor: Account, plan: PlanRow, months: number): Promise<OrderRow> {
    const now = this.clock.now();
    const current: PlanInForce = { planId: actor.plan_id, expiresAt: actor.plan_expires_at, monthlyPrice: null };
    const order: OrderRow = {
      id: newId('ord'),
      account_id: actor.id,
      plan_id: plan.id,
      kind: orderKind(current, plan.id),
      months,
      amount: plan.monthly_price * months,
      currency: plan.currency,
      status: 'pending',
      method: null,
      provider_ref: null,
      failure: null,
      created_at: now,
      expires_at: now + this.orderLifetimeMs,
      settled_at: null,
      coin_id: null,
      coin_amount: null,
    };
    await this.orders.insert(order);
    return order;
  }

  private orderFields(order: OrderRow, plan: PlanRow, origin: string) {
    return {
      symbol: currencySymbol(plan.currency),
      // A coin is a dollar: a plan priced otherwise is not offered in crypto.
      payment: paymentOptions([...this.providers.keys()].filter((m) => m !== 'crypto' || plan.currency === COIN_CURRENCY)),
      qrcode: `${origin}/v2/pay/${order.id}`,
      qrExptime: order.expires_at,
      s: order.id,
    };
  }

  /** The owner's choice of method (and coin) for an order: where to pay it, recorded on the order. */
  private async checkoutOrder(order: OrderRow, method: PaymentMethod, origin: string, coin?: CoinId): Promise<string> {
    const { url, providerRef } = await this.providerCheckout(order, method, origin, coin);
    await this.orders.setMethod(order.id, method, providerRef);
    return url;
  }

  /** Where the method's provider takes payment for an open order. */
  private async providerCheckout(order: OrderRow, method: PaymentMethod, origin: string, coin?: CoinId): Promise<{ url: string; providerRef: string | null }> {
    const provider = this.providers.get(method);
    if (!provider) throw new AppError(Code.PAYMENT_METHOD_UNAVAILABLE);
    if (order.status !== 'pending') throw new AppError(Code.ORDER_CLOSED);
    if (order.expires_at <= this.clock.now()) throw new AppError(Code.QR_CODE_EXPIRED);
    const plan = await this.plans.find(order.plan_id);
    return provider.checkout(order, { origin, description: `${plan?.name ?? order.plan_id} × ${order.months} × ${MONTH_MS / 86_400_000}d`, coin });
  }

  private defaultMethod(): PaymentMethod {
    const first = this.providers.keys().next();
    if (first.done) throw new AppError(Code.PAYMENT_METHOD_UNAVAILABLE);
    return first.value;
  }

  private pick(plans: readonly PlanRow[], id: string): PlanRow {
    const plan = plans.find((p) => p.id === id);
    if (!plan) throw new AppError(Code.NOT_FOUND, { type: id });
    return plan;
  }

  private async holder(actor: Account): Promise<Account> {
    if (actor.type !== 'sub' || !actor.parent_id) return actor;
    const main = await this.store.accounts.findById(actor.parent_id);
    if (!main) throw new AppError(Code.NOT_FOUND);
    return main;
  }
}

/** A provider's amount, currency and account, where it reports them, must be the order's. */
function matches(order: OrderRow, outcome: PaymentOutcome): boolean {
  if (outcome.accountId !== null && outcome.accountId !== order.account_id) return false;
  if (outcome.status !== 'paid') return true;
  if (outcome.amount !== null && outcome.amount !== order.amount) return false;
  if (outcome.currency !== null && outcome.currency !== order.currency) return false;
  return true;
}
