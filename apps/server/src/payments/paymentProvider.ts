import type { CoinId, PaymentMethod } from '@facet/contracts';
import type { OrderRow } from '../repositories/orders.ts';

export interface CheckoutContext {
  /** Origin the person reached the server on (or the configured public URL). */
  origin: string;
  /** What the order buys, for the provider's receipt. */
  description: string;
  /** The coin chosen, for the crypto method. */
  coin?: CoinId | undefined;
}

/** What a provider's callback says about one order. */
export interface PaymentOutcome {
  orderId: string;
  status: 'paid' | 'failed';
  /** Amount and currency the provider took, checked against the order before it counts. */
  amount: number | null;
  currency: string | null;
  /** The account the provider was told the order belongs to. */
  accountId: string | null;
  failure?: string;
}

/**
 * A way to pay. `checkout` says where the person goes to pay an order; the provider tells the
 * server the outcome later (a signed webhook, or an operator's command for the built-in one).
 */
export interface PaymentProvider {
  readonly method: PaymentMethod;
  checkout(order: OrderRow, context: CheckoutContext): Promise<{ url: string; providerRef: string | null }>;
}

/** Where the console shows an order that waits (the built-in method's checkout page). */
export function orderPageUrl(origin: string, orderId: string): string {
  return `${origin}/wel/account/package?order=${encodeURIComponent(orderId)}`;
}
