import type { Kysely } from 'kysely';

/**
 * The API token sealed with the data key beside its hash, so "View API token" can show it again
 * after the password (spec §6: main accounts view it). Lookup stays by hash; tokens made before
 * this have no sealed copy and are shown as "reset to see a token".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_tokens').addColumn('token_sealed', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_tokens').dropColumn('token_sealed').execute();
}
