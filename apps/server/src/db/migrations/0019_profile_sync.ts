import type { Kysely } from 'kysely';

/**
 * Profiles across machines (issue 15).
 *
 * - `profile_leases`: the one machine that may run a profile now, until `expires_at` unless it
 *   renews; a second machine is refused until the lease lapses or is released.
 * - `profile_sync_chunks`: the sealed chunks of a profile's state the blob store holds (under
 *   `sync/<profile id>/<chunk id>`), with their stored size (what the quota counts).
 * - `profile_sync_versions`: each saved state, the chunks it uses (JSON) and its manifest chunk.
 *   The newest is the one a start downloads.
 * - `profiles.sync_key`: the profile's state key, sealed with the owner's data key like its
 *   other secrets ('' until its first start); agents get it sealed to their device key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').addColumn('sync_key', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema
    .createTable('profile_leases')
    .addColumn('profile_id', 'varchar(40)', (c) => c.primaryKey().references('profiles.id').onDelete('cascade'))
    .addColumn('device_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('device_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('holder_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('profile_sync_chunks')
    .addColumn('profile_id', 'varchar(40)', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('chunk_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('profile_sync_chunks_pk', ['profile_id', 'chunk_id'])
    .execute();
  await db.schema
    .createTable('profile_sync_versions')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('profile_id', 'varchar(40)', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('device_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('by_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('parts', 'text', (c) => c.notNull())
    .addColumn('plain_bytes', 'bigint', (c) => c.notNull())
    .addColumn('manifest_chunk', 'varchar(64)', (c) => c.notNull())
    .addColumn('chunks', 'text', (c) => c.notNull())
    .addColumn('base_number', 'integer')
    .addColumn('conflict_with', 'integer')
    .addColumn('restored_from', 'integer')
    .addUniqueConstraint('profile_sync_versions_number_uq', ['profile_id', 'number'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('profile_sync_versions').execute();
  await db.schema.dropTable('profile_sync_chunks').execute();
  await db.schema.dropTable('profile_leases').execute();
  await db.schema.alterTable('profiles').dropColumn('sync_key').execute();
}
