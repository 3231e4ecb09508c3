import Stripe from 'stripe';
import type { OrderRow } from '../repositories/orders.ts';
import { orderPageUrl, type CheckoutContext, type PaymentOutcome, type PaymentProvider } from './paymentProvider.ts';

interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
}

/**
 * Card payments through Stripe Checkout. The order id rides as `client_reference_id` and in
 * the metadata with the account id; the webhook's signature is checked with Stripe's own
 * `constructEvent`, and nothing in an unsigned or wrongly signed body is believed.
 */
export class StripeProvider implements PaymentProvider {
  readonly method = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.stripe = new Stripe(settings.secretKey);
  }

  async checkout(order: OrderRow, context: CheckoutContext): Promise<{ url: string; providerRef: string | null }> {
    const back = orderPageUrl(context.origin, order.id);
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      client_reference_id: order.id,
      metadata: { order_id: order.id, account_id: order.account_id },
      line_items: [{ quantity: 1, price_data: { currency: order.currency.toLowerCase(), unit_amount: order.amount, product_data: { name: context.description } } }],
      success_url: back,
      cancel_url: back,
    });
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { url: session.url, providerRef: session.id };
  }

  /**
   * The outcome a signed webhook reports, or null for events that settle nothing. Throws when
   * the signature does not verify (Stripe.errors.StripeSignatureVerificationError).
   */
  parseWebhook(rawBody: Buffer, signature: string): PaymentOutcome | null {
    const event = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    switch (event.type) {
      case 'checkout.session.completed':
        // Card payments are paid at completion; delayed methods report through async_payment_*.
        return event.data.object.payment_status === 'paid' ? outcome(event.data.object, 'paid') : null;
      case 'checkout.session.async_payment_succeeded':
        return outcome(event.data.object, 'paid');
      case 'checkout.session.async_payment_failed':
        return outcome(event.data.object, 'failed', 'async_payment_failed');
      default:
        return null;
    }
  }
}

function outcome(session: Stripe.Checkout.Session, status: 'paid' | 'failed', failure?: string): PaymentOutcome | null {
  const orderId = session.client_reference_id ?? session.metadata?.order_id ?? null;
  if (!orderId) return null;
  return {
    orderId,
    status,
    amount: session.amount_total ?? null,
    currency: session.currency ? session.currency.toUpperCase() : null,
    accountId: session.metadata?.account_id ?? null,
    ...(failure ? { failure } : {}),
  };
}
