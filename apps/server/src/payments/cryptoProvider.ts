import { randomInt } from 'node:crypto';
import { COIN_CURRENCY, Code, coinIds, coinView, type Coin, type CoinId } from '@facet/contracts';
import { AppError } from '../errors.ts';
import type { OrderRow, OrdersRepository } from '../repositories/orders.ts';
import { orderPageUrl, type CheckoutContext, type PaymentProvider } from './paymentProvider.ts';

/**
 * The amount asked in a coin for `cents` US cents: the price to the cent, then four digits of
 * its own (`tag`, 1–9999), so the operator tells one order's transfer from another's of the
 * same price on a chain that carries no reference ("37.50" → "37.501234").
 */
function coinAmount(cents: number, tag: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}${String(tag).padStart(4, '0')}`;
}

/**
 * Paying the operator in a US-dollar stablecoin, to the wallet they named for it. Checkout is the
 * order's page: with a coin chosen it shows the wallet and the exact amount; the operator
 * settles the order when the transfer arrives (`admin order list` shows what to look for).
 */
export class CryptoProvider implements PaymentProvider {
  readonly method = 'crypto' as const;

  constructor(
    private readonly wallets: Partial<Record<CoinId, string>>,
    private readonly orders: OrdersRepository,
  ) {}

  coins(): Coin[] {
    return coinIds.filter((id) => this.wallets[id]).map(coinView);
  }

  walletOf(coin: CoinId): string | null {
    return this.wallets[coin] ?? null;
  }

  async checkout(order: OrderRow, context: CheckoutContext): Promise<{ url: string; providerRef: string | null }> {
    // One coin is one dollar: a price in another currency would need a rate we do not have.
    if (order.currency !== COIN_CURRENCY) throw new AppError(Code.PAYMENT_METHOD_UNAVAILABLE);
    const coin = context.coin;
    if (coin) {
      if (!this.wallets[coin]) throw new AppError(Code.PAYMENT_METHOD_UNAVAILABLE, { coin });
      // The same coin again keeps the amount already shown (the person may be paying it now).
      if (order.coin_id !== coin || !order.coin_amount) await this.assign(order, coin);
    }
    return { url: orderPageUrl(context.origin, order.id), providerRef: null };
  }

  private async assign(order: OrderRow, coin: CoinId): Promise<void> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const amount = coinAmount(order.amount, randomInt(1, 10_000));
      if (await this.orders.coinAmountTaken(coin, amount)) continue;
      if (!(await this.orders.setCoin(order.id, coin, amount))) throw new AppError(Code.ORDER_CLOSED);
      return;
    }
    // 20 draws all taken: thousands of open orders of this price and coin at once.
    throw new AppError(Code.PAYMENT_METHOD_UNAVAILABLE, { coin });
  }
}
