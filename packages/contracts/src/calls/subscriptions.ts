import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Code } from '../codes.ts';
import { coinIds, coinSchema, type CoinId } from './coins.ts';

/**
 * Plans and payments (spec §3, §4, §7). The answer shapes keep the spec's names (navigation,
 * time, symbol, footer, payment, qrcode, qrExptime, s); what those lists hold is ours. Labels
 * travel as i18n keys (`k`) with values (`v`): text lives only in the locale files.
 */

/** -1 means unlimited (spec §9). */
export const UNLIMITED = -1;

/** Months a plan can be bought for; the time option's id is the number of months. */
export const planMonths = [1, 3, 6, 12] as const;

/** The console polls `payment/listen` this often while the payment dialog is open (spec §9). */
export const PAYMENT_POLL_MS = 4000;
/** A second success notice within this long of the first is not shown (spec §4). */
export const PAYMENT_NOTICE_QUIET_MS = 4000;
/** The QR code is shown as expired at the server's expiry minus this share of its lifetime (spec §9). */
export const QR_EXPIRY_MARGIN = 0.1;

/** Payment methods the server can offer; which are offered is the operator's configuration. */
export const paymentMethods = ['operator', 'stripe', 'crypto'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Price of one month in the currency's smallest unit (cents). */
  monthlyPrice: z.number().int(),
  currency: z.string(),
  profiles: z.number().int(),
  subAccounts: z.number().int(),
  /** Bytes of storage (plugins, synced profile state) for the whole team; -1 unlimited. */
  storageBytes: z.number().int(),
  description: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

/** One of the payment dialog's tabs: a plan, or the custom-plan contact tab. */
export const navigationTabSchema = z.object({
  id: z.string(),
  type: z.enum(['plan', 'custom']),
  /** An i18n key for a small tag beside the tab ('plan.tag.current'), or null. */
  tag: z.string().nullable(),
  plan: planSchema.nullable(),
});

export const timeOptionSchema = z.object({
  /** Months, as text (the spec's ids are strings). */
  id: z.string(),
  months: z.number().int(),
  /** Total for the option, in the smallest unit. */
  amount: z.number().int(),
  selected: z.boolean(),
  tag: z.object({ content: z.string(), color: z.string() }).nullable(),
});

export const labelledValueSchema = z.object({ k: z.string(), v: z.string() });
export const paymentOptionSchema = z.object({
  /** The method id sent back as `id` in subscriptions/order. */
  k: z.enum(paymentMethods),
  /** i18n key of its name. */
  v: z.string(),
  /** i18n key of a line that explains it. */
  intro: z.string(),
});

/** The order opened for the current selection: what the QR code leads to and until when. */
const orderFields = {
  /** Text encoded in the QR code: where paying this order starts. Null on the custom tab. */
  qrcode: z.string().nullable(),
  /** When the order stops taking payments, ms since the epoch. */
  qrExptime: z.number().int().nullable(),
  /** The order token, for subscriptions/order and payment/listen. */
  s: z.string().nullable(),
  symbol: z.string(),
  payment: z.array(paymentOptionSchema),
};

const selectionRequest = z.object({
  /** A plan id, or 'custom' for the contact tab; left out: the first (or current) plan. */
  type: z.string().max(40).optional(),
  /** Months as text; left out: one month. */
  time: z.enum(planMonths.map(String) as [string, ...string[]]).optional(),
});

export const subscriptionsCall = defineCall({
  path: 'subscriptions',
  method: 'post',
  access: 'session',
  tag: 'plans',
  summary: 'The purchase view for the chosen plan and time, with a new order for it. Main accounts only.',
  codes: [Code.MAIN_ACCOUNT_ONLY, Code.NOT_FOUND],
  request: selectionRequest,
  response: z.object({
    navigation: z.array(navigationTabSchema),
    time: z.array(timeOptionSchema),
    footer: z.array(labelledValueSchema),
    ...orderFields,
  }),
});

export const subscriptionRenewalCall = defineCall({
  path: 'subscriptions/renewal',
  method: 'post',
  access: 'session',
  tag: 'plans',
  summary: 'The renewal view: the current plan and the others to change to, with a new order for the choice. Main accounts only.',
  codes: [Code.MAIN_ACCOUNT_ONLY, Code.NOT_FOUND],
  request: selectionRequest.extend({ click: z.boolean().optional() }),
  response: z.object({
    time: z.object({ list: z.array(timeOptionSchema), only: z.boolean() }),
    plan: z.array(
      z.object({
        id: z.string(),
        type: z.enum(['renew', 'change']),
        amount: z.number().int(),
        mo: z.number().int(),
        profiles: z.number().int(),
        subaccount: z.number().int(),
        selected: z.boolean(),
        tag: z.string().nullable(),
        name: z.string(),
      }),
    ),
    dashboard: z.object({
      header: z.object({ account: z.string(), intro: z.string(), expTime: z.number().int().nullable(), tag: z.string().nullable() }),
      data: z.array(labelledValueSchema),
    }),
    ...orderFields,
  }),
});

export const subscriptionOrderCall = defineCall({
  path: 'subscriptions/order',
  method: 'post',
  access: 'session',
  tag: 'plans',
  summary:
    'Where to pay an open order with the chosen method (opened in a new window); its way back is the console that asked (consoleOrigin: this server, or the desktop client on loopback). Main accounts only.',
  codes: [Code.MAIN_ACCOUNT_ONLY, Code.NOT_FOUND, Code.QR_CODE_EXPIRED, Code.ORDER_CLOSED, Code.PAYMENT_METHOD_UNAVAILABLE],
  request: z.object({
    s: z.string().min(1).max(64),
    id: z.enum(paymentMethods),
    /** With `crypto`: the coin (spec §4 "id (coin id)"); left out, the order page asks for one. */
    coin: z.enum(coinIds as [CoinId, ...CoinId[]]).optional(),
    consoleOrigin: z.string().max(200).optional(),
  }),
  response: z.object({ url: z.string() }),
});

/** Spec §3 "coin rate list": the coins this server takes (each worth one US dollar). */
export const subscriptionCoinsCall = defineCall({
  path: 'subscriptions/coins',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'plans',
  summary: 'The coins an order can be paid in, each with its network and picture (empty when the operator takes none).',
  codes: [Code.MAIN_ACCOUNT_ONLY],
  request: z.object({}),
  response: z.object({ list: z.array(coinSchema) }),
});

/** An order as its page shows it: what it costs and, paid in a coin, where to send how much. */
export const orderDetailCall = defineCall({
  path: 'subscriptions/order/detail',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'plans',
  summary: "One of the account's orders: amount, state, method and, for a coin, the wallet and the exact amount to send. Main accounts only.",
  codes: [Code.MAIN_ACCOUNT_ONLY, Code.NOT_FOUND],
  request: z.object({ s: z.string().min(1).max(64) }),
  response: z.object({
    s: z.string(),
    status: z.enum(['pending', 'paid', 'failed']),
    /** In the plan currency's smallest unit. */
    amount: z.number().int(),
    currency: z.string(),
    symbol: z.string(),
    method: z.enum(paymentMethods).nullable(),
    expiresAt: z.number().int(),
    crypto: z.object({ coin: coinSchema, address: z.string(), amount: z.string() }).nullable(),
  }),
});

export const paymentListenCall = defineCall({
  path: 'payment/listen',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'plans',
  summary: 'Whether an order was paid: val 1 paid, 0 failed (failure: the provider\'s or operator\'s reason), null still open. Polled every 4 seconds.',
  codes: [Code.MAIN_ACCOUNT_ONLY, Code.NOT_FOUND],
  request: z.object({ s: z.string().min(1).max(64) }),
  response: z.object({ val: z.union([z.literal(1), z.literal(0)]).nullable(), expiresAt: z.number().int().nullable(), failure: z.string().nullable() }),
});

/** What the plan page shows: the plan in force and how much of it is used. */
export const planStatusSchema = z.object({
  /** 'free' when the account never bought a plan and the operator's free allowance applies. */
  state: z.enum(['free', 'active', 'expired']),
  plan: planSchema.nullable(),
  expiresAt: z.number().int().nullable(),
  profiles: z.object({ used: z.number().int(), limit: z.number().int() }),
  subAccounts: z.object({ used: z.number().int(), limit: z.number().int() }),
  /** Bytes the team keeps (plugins, synced profile state) and may keep; limit -1 unlimited. */
  storage: z.object({ used: z.number().int(), limit: z.number().int() }),
  /** Whether a 3-day trial was ever granted. */
  trialGranted: z.boolean(),
});
export type PlanStatus = z.infer<typeof planStatusSchema>;

export const planStatusCall = defineCall({
  path: 'subscriptions/status',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'plans',
  summary: 'The plan in force for your team (a sub-account sees its main account’s) and how much of it is used.',
  request: z.object({}).strict(),
  response: z.object({ status: planStatusSchema }),
});
