import type { Kysely } from 'kysely';

/**
 * Promotion rewards: plan days an inviter earns with each invitee's first payment, kept until
 * the inviter has a plan to add them to. And each account's global settings, as JSON.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('referral_rewards')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('inviter_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    // One reward per invitee, ever: the unique key makes a second first-payment impossible.
    .addColumn('invitee_id', 'varchar(40)', (c) => c.notNull().unique().references('accounts.id').onDelete('cascade'))
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('applied_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('referral_rewards_inviter').on('referral_rewards').column('inviter_id').execute();
  await db.schema.alterTable('accounts').addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('settings').execute();
  await db.schema.dropTable('referral_rewards').execute();
}
