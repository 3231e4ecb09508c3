import type { Kysely } from 'kysely';

/**
 * Plans (operators manage them through the CLI), orders (one per payment attempt) and the plan
 * in force on each main account. The account keeps a copy of the limits it paid for, so an
 * operator editing a plan later changes nothing for those who already bought it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plans')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('monthly_price', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('profiles', 'integer', (c) => c.notNull())
    .addColumn('sub_accounts', 'integer', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retired_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('plan_id', 'varchar(40)', (c) => c.notNull().references('plans.id'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('months', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('method', 'varchar(20)')
    .addColumn('provider_ref', 'varchar(200)')
    .addColumn('failure', 'varchar(200)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('settled_at', 'bigint')
    .execute();
  await db.schema.createIndex('orders_account').on('orders').columns(['account_id', 'created_at']).execute();

  await db.schema.alterTable('accounts').addColumn('plan_id', 'varchar(40)').execute();
  await db.schema.alterTable('accounts').addColumn('plan_profiles', 'integer').execute();
  await db.schema.alterTable('accounts').addColumn('plan_sub_accounts', 'integer').execute();
  await db.schema.alterTable('accounts').addColumn('trial_granted_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['trial_granted_at', 'plan_sub_accounts', 'plan_profiles', 'plan_id']) {
    await db.schema.alterTable('accounts').dropColumn(column).execute();
  }
  await db.schema.dropTable('orders').execute();
  await db.schema.dropTable('plans').execute();
}
