import type { Kysely } from 'kysely';

/**
 * Storage per plan (issue 15): how many megabytes (1 MB = 1,048,576 bytes) a team may keep in
 * the blob store (plugins, synced profile state); -1 unlimited. Plans that existed before get
 * unlimited, so an upgrade refuses nobody; the operator sets a figure with `admin plan update
 * ID --storage MB`. As with profiles, the account keeps a copy of what it paid for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('plans').addColumn('storage_mb', 'integer', (c) => c.notNull().defaultTo(-1)).execute();
  await db.schema.alterTable('accounts').addColumn('plan_storage_mb', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('plan_storage_mb').execute();
  await db.schema.alterTable('plans').dropColumn('storage_mb').execute();
}
