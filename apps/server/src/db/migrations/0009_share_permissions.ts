import type { Kysely } from 'kysely';

/**
 * What a recipient may do with a shared profile (run, edit, full), and a main account's grants of
 * whole groups to its sub-accounts. Shares made before this kept the access they had: open and
 * close, no editing, no re-sharing, which is `run`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profile_shares').addColumn('permission', 'varchar(8)', (c) => c.notNull().defaultTo('run')).execute();

  await db.schema
    .createTable('group_grants')
    .addColumn('group_id', 'varchar(40)', (c) => c.notNull().references('profile_groups.id').onDelete('cascade'))
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('permission', 'varchar(8)', (c) => c.notNull())
    .addColumn('granted_by', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_grants_pkey', ['group_id', 'account_id'])
    .execute();
  // "Shared with me" starts from the account: which groups may it reach.
  await db.schema.createIndex('group_grants_account_idx').on('group_grants').columns(['account_id', 'group_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('group_grants').execute();
  await db.schema.alterTable('profile_shares').dropColumn('permission').execute();
}
