import { sql, type Kysely } from 'kysely';

/**
 * Profiles, groups and shares. The list columns (name, group, remark, OS, proxy summary) are
 * real columns so a page of the browser list never parses JSON; the rest of the settings live
 * in `settings` (JSON text), and proxy credentials and cookies in `secrets`, encrypted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('profile_serial', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // The browser list's total without a COUNT over every row (100,000 rows: ~5 ms on SQLite).
  await db.schema.alterTable('accounts').addColumn('live_profiles', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('profile_groups')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('owner_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('icon', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('profile_groups_owner_name_key', ['owner_id', 'name'])
    .execute();

  await db.schema
    .createTable('profiles')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('owner_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('serial', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'varchar(40)', (c) => c.references('profile_groups.id').onDelete('set null'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull())
    .addColumn('os', 'varchar(16)', (c) => c.notNull())
    .addColumn('icon_id', 'integer', (c) => c.notNull())
    .addColumn('proxy_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('proxy_host', 'varchar(255)', (c) => c.notNull())
    .addColumn('proxy_port', 'integer', (c) => c.notNull())
    .addColumn('proxy_country', 'varchar(2)', (c) => c.notNull())
    .addColumn('proxy_direct', 'integer', (c) => c.notNull())
    .addColumn('proxy_has_credentials', 'integer', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('secrets', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('deleted_at', 'bigint')
    .addColumn('purge_at', 'bigint')
    .execute();
  // The browser list: one index per sort order over the account's live profiles, partial so
  // that "deleted_at is null" is part of the index and a page is read in order (PostgreSQL
  // does not take its row order from an index after an IS NULL column: it sorted 100,000 rows).
  for (const column of ['serial', 'name', 'created_at', 'last_used_at']) {
    const columns = column === 'serial' ? ['owner_id', 'serial'] : ['owner_id', column, 'serial'];
    await db.schema.createIndex(`profiles_live_by_${column}_idx`).on('profiles').columns(columns).where(sql.ref('deleted_at'), 'is', null).execute();
  }
  // The recycle bin: one account's deleted profiles by deletion time.
  await db.schema.createIndex('profiles_owner_deleted_idx').on('profiles').columns(['owner_id', 'deleted_at', 'serial']).execute();
  await db.schema.createIndex('profiles_group_idx').on('profiles').columns(['group_id']).execute();
  await db.schema.createIndex('profiles_purge_idx').on('profiles').columns(['purge_at']).execute();

  await db.schema
    .createTable('profile_shares')
    .addColumn('profile_id', 'varchar(40)', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('shared_by', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('profile_shares_pkey', ['profile_id', 'account_id'])
    .execute();
  await db.schema.createIndex('profile_shares_account_idx').on('profile_shares').columns(['account_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('profile_shares').execute();
  await db.schema.dropTable('profiles').execute();
  await db.schema.dropTable('profile_groups').execute();
  await db.schema.alterTable('accounts').dropColumn('live_profiles').execute();
  await db.schema.alterTable('accounts').dropColumn('profile_serial').execute();
}
