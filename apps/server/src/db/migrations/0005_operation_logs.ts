import type { Kysely } from 'kysely';

/** The operation log: one row per change, written in the change's own transaction. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operation_logs')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    // The main account whose log it is: its own changes and its sub-accounts'.
    .addColumn('team_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    // No foreign key: the entry outlives a deleted sub-account, by name.
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('account_name', 'varchar(254)', (c) => c.notNull())
    .addColumn('machine', 'varchar(100)', (c) => c.notNull())
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('subject', 'varchar(500)', (c) => c.notNull())
    .addColumn('subject_key', 'varchar(600)', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operation_logs_team').on('operation_logs').columns(['team_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('operation_logs').execute();
}
