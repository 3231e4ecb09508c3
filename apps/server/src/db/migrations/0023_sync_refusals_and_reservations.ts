import type { Kysely } from 'kysely';

/**
 * Issue 34, the state sync's limits and refusals.
 *
 * - `storage_reservations`: bytes an upload has been granted room for and is still writing to
 *   the blob store. The room check and the grant are one locked step (repositories/
 *   storageReservations.ts), so parallel uploads cannot all pass a check made before any of
 *   them was recorded. A reservation lapses at `expires_at` (a server that died mid-upload).
 * - `profile_sync_versions.refused_*`: a computer refused the version (it would not open, or
 *   would write more or elsewhere than it may); starts pass it over, the owner is told.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('storage_reservations')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('team_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('storage_reservations_team_idx').on('storage_reservations').column('team_id').execute();
  await db.schema.alterTable('profile_sync_versions').addColumn('refused_at', 'bigint').execute();
  await db.schema.alterTable('profile_sync_versions').addColumn('refused_by', 'varchar(64)').execute();
  await db.schema.alterTable('profile_sync_versions').addColumn('refused_device', 'varchar(64)').execute();
  await db.schema.alterTable('profile_sync_versions').addColumn('refused_reason', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['refused_reason', 'refused_device', 'refused_by', 'refused_at']) await db.schema.alterTable('profile_sync_versions').dropColumn(column).execute();
  await db.schema.dropTable('storage_reservations').execute();
}
