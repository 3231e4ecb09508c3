import type { Kysely } from 'kysely';

/** What a main account notes about each sub-account (spec §3): a nickname and the platform account it works on. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('nickname', 'varchar(30)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('accounts').addColumn('platform_account', 'varchar(100)', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('platform_account').execute();
  await db.schema.alterTable('accounts').dropColumn('nickname').execute();
}
