import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle } from './connect.ts';
import * as m0001 from './migrations/0001_accounts_and_sessions.ts';
import * as m0002 from './migrations/0002_profiles.ts';

/** Migrations are listed here in order, so bundling or moving files cannot reorder them. */
const migrations: Record<string, Migration> = {
  '0001_accounts_and_sessions': m0001,
  '0002_profiles': m0002,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; runs at every server start and in the CLI. */
export async function migrateToLatest(database: DatabaseHandle): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema it can see; naming ours keeps a
  // second Facet (or a parallel test) in another schema of the same database from hiding them.
  const migrator = new Migrator({
    db: database.db,
    provider,
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
