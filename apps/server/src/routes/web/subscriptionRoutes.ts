import { orderDetailCall, paymentListenCall, planStatusCall, subscriptionCoinsCall, subscriptionOrderCall, subscriptionRenewalCall, subscriptionsCall } from '@facet/contracts';
import { actingAccount } from '../../calls/context.ts';
import { consoleOriginFor } from '../../payments/consoleOrigin.ts';
import { bind, type CallBinding } from '../../calls/registerCalls.ts';
import type { Services } from '../../services/container.ts';

export function subscriptionRoutes(s: Services): CallBinding[] {
  return [
    bind(planStatusCall, async (_payload, ctx) => ({ status: await s.payments.status(actingAccount(ctx)) })),
    bind(subscriptionsCall, async (selection, ctx) => s.payments.purchaseView(actingAccount(ctx), selection, ctx.origin)),
    bind(subscriptionRenewalCall, async (selection, ctx) => s.payments.renewalView(actingAccount(ctx), selection, ctx.origin)),
    bind(subscriptionOrderCall, async ({ s: order, id, coin, consoleOrigin }, ctx) => ({
      url: await s.payments.checkout(actingAccount(ctx), order, id, consoleOriginFor(consoleOrigin, ctx.origin), coin),
    })),
    bind(subscriptionCoinsCall, async (_payload, ctx) => ({ list: s.payments.coins(actingAccount(ctx)) })),
    bind(orderDetailCall, async ({ s: order }, ctx) => s.payments.orderDetail(actingAccount(ctx), order)),
    bind(paymentListenCall, async ({ s: order }, ctx) => s.payments.listen(actingAccount(ctx), order)),
  ];
}
