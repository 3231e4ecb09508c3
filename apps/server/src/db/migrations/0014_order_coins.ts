import type { Kysely } from 'kysely';

/**
 * An order paid in a coin: which coin, and the exact amount asked (text: six decimals, the last
 * four telling this order's transfer from another's of the same price).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('coin_id', 'varchar(40)').execute();
  await db.schema.alterTable('orders').addColumn('coin_amount', 'varchar(40)').execute();
  await db.schema.createIndex('orders_coin_amount_idx').on('orders').columns(['coin_id', 'coin_amount']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_coin_amount_idx').execute();
  await db.schema.alterTable('orders').dropColumn('coin_amount').execute();
  await db.schema.alterTable('orders').dropColumn('coin_id').execute();
}
