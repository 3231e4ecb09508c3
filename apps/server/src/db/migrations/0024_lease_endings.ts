import type { Kysely } from 'kysely';

/**
 * Issue 36, access that ends while a browser runs.
 *
 * - `profile_leases.ends_at`: when the holder lost the right to run the profile (a revoked share,
 *   a transfer, a group taken away, a plan that ended). From then on the lease is not renewed;
 *   it lives on only for the holder's last save and its release, at most until `expires_at`,
 *   which the ending brought forward.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profile_leases').addColumn('ends_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profile_leases').dropColumn('ends_at').execute();
}
