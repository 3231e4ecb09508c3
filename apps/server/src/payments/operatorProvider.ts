import type { OrderRow } from '../repositories/orders.ts';
import { orderPageUrl, type CheckoutContext, type PaymentProvider } from './paymentProvider.ts';

/**
 * The self-hosting default: the person pays the operator by whatever arrangement they have and
 * the operator confirms or fails the order by its number (`npm run facet -- admin order
 * confirm|fail ID`). Checkout is the console's plan page showing the order number to quote.
 */
export class OperatorProvider implements PaymentProvider {
  readonly method = 'operator' as const;

  async checkout(order: OrderRow, context: CheckoutContext): Promise<{ url: string; providerRef: string | null }> {
    return { url: orderPageUrl(context.origin, order.id), providerRef: null };
  }
}
