import type { Kysely } from 'kysely';

/**
 * Refresh credentials already exchanged, kept as long as a refresh credential lives: one that
 * comes back after it was spent was copied, and its session (with the successor it was
 * exchanged for) ends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('spent_refresh_credentials')
    .addColumn('refresh_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('session_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('spent_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('spent_refresh_spent_at_idx').on('spent_refresh_credentials').column('spent_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('spent_refresh_credentials').execute();
}
