import type { Kysely } from 'kysely';

/**
 * Issue 36, pushes caused outside the server. An operator command (`admin order confirm`,
 * `admin plan end`) runs in its own process, which holds none of the consoles' sockets: its
 * pushes were lost, and a paid plan showed as "Free" in every open window until a reload. Such a
 * process writes them here; each server instance drains the table every second and pushes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pending_pushes')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    /** 'account': a message to the account's consoles; 'logout': 887, and their sockets closed. */
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('data', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pending_pushes_created_idx').on('pending_pushes').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pending_pushes').execute();
}
