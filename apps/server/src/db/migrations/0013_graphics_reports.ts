import type { Kysely } from 'kysely';

/** webgl/set_data: the screen and graphics of each account's computer, newest report only. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('graphics_reports')
    .addColumn('account_id', 'varchar(40)', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('screen_resolution', 'varchar(16)', (c) => c.notNull())
    .addColumn('device_pixel_ratio', 'real', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull())
    // JSON of contracts' webglDataSchema, or null where WebGL was off.
    .addColumn('webgl', 'text')
    .addColumn('reported_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('graphics_reports').execute();
}
