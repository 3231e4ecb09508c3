import type { Kysely } from 'kysely';

/**
 * A saved proxy list: proxies added by paste, tested from the desktop client, assigned to
 * profiles. A profile keeps its own copy of the proxy (it launches from it) and the id of the
 * saved one it came from, so changing a saved proxy changes it for every profile that uses it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saved_proxies')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('owner_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('host', 'varchar(255)', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('country', 'varchar(2)', (c) => c.notNull())
    // Username and password, sealed with the data key like a profile's.
    .addColumn('secrets', 'text', (c) => c.notNull())
    .addColumn('has_credentials', 'integer', (c) => c.notNull())
    .addColumn('remark', 'varchar(200)', (c) => c.notNull())
    .addColumn('exit_ip', 'varchar(64)')
    .addColumn('exit_country', 'varchar(2)')
    .addColumn('latency_ms', 'integer')
    .addColumn('check_error', 'varchar(200)')
    .addColumn('checked_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saved_proxies_owner_idx').on('saved_proxies').columns(['owner_id', 'created_at']).execute();
  await db.schema.alterTable('profiles').addColumn('saved_proxy_id', 'varchar(40)').execute();
  await db.schema.createIndex('profiles_saved_proxy_idx').on('profiles').column('saved_proxy_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('profiles_saved_proxy_idx').execute();
  await db.schema.alterTable('profiles').dropColumn('saved_proxy_id').execute();
  await db.schema.dropTable('saved_proxies').execute();
}
