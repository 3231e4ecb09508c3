import type { Kysely } from 'kysely';

/**
 * Each account's data key, wrapped (AES-256-GCM) by the master key outside the database, with
 * the account id and version as the wrap's associated data. Secrets of the account are sealed
 * with its key, bound to their row and field (crypto/secretBox.ts). A rotation adds a version,
 * seals everything again and deletes the older ones; `master_key_id` names the master key that
 * wrapped the row, so a server started with another key refuses to start instead of misreading.
 * The keys go with their account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_data_keys')
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('wrapped', 'text', (c) => c.notNull())
    .addColumn('master_key_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_data_keys_pk', ['account_id', 'version'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_data_keys').execute();
}
