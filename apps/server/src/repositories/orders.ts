import type { Insertable, Selectable } from 'kysely';
import type { OrdersTable } from '../db/schema.ts';
import type { Executor } from './executor.ts';

export type OrderRow = Selectable<OrdersTable>;

export class OrdersRepository {
  constructor(private readonly db: Executor) {}

  async insert(order: Insertable<OrdersTable>): Promise<void> {
    await this.db.insertInto('orders').values(order).execute();
  }

  /** An account's own order: another account's token reads as absent. */
  findOwn(accountId: string, id: string): Promise<OrderRow | undefined> {
    return this.db.selectFrom('orders').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
  }

  /** Operators and providers settle by the order id alone. */
  find(id: string): Promise<OrderRow | undefined> {
    return this.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async setMethod(id: string, method: string, providerRef: string | null): Promise<void> {
    await this.db.updateTable('orders').set({ method, ...(providerRef ? { provider_ref: providerRef } : {}) }).where('id', '=', id).where('status', '=', 'pending').execute();
  }

  /** Another pending order already asks for this exact amount of this coin (then it is not unique). */
  async coinAmountTaken(coinId: string, amount: string): Promise<boolean> {
    const row = await this.db.selectFrom('orders').select('id').where('coin_id', '=', coinId).where('coin_amount', '=', amount).where('status', '=', 'pending').executeTakeFirst();
    return row !== undefined;
  }

  /** The coin a pending order is paid in, and the amount asked; a settled order keeps what it had. */
  async setCoin(id: string, coinId: string, amount: string): Promise<boolean> {
    const result = await this.db.updateTable('orders').set({ coin_id: coinId, coin_amount: amount }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Moves a pending order to paid or failed. The `status = 'pending'` condition is what makes a
   * callback apply once: a duplicate, or a failure after a success, updates no row.
   */
  async settle(id: string, outcome: { status: 'paid' | 'failed'; at: number; failure?: string; method?: string }): Promise<boolean> {
    const result = await this.db
      .updateTable('orders')
      .set({ status: outcome.status, settled_at: outcome.at, failure: outcome.failure ?? null, ...(outcome.method ? { method: outcome.method } : {}) })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Operator listing, newest first; `status` narrows it. */
  list(limit: number, status?: OrdersTable['status']): Promise<OrderRow[]> {
    let query = this.db.selectFrom('orders').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit);
    if (status) query = query.where('status', '=', status);
    return query.execute();
  }
}
