import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle } from './connect.ts';
import * as m0001 from './migrations/0001_accounts_and_sessions.ts';
import * as m0002 from './migrations/0002_profiles.ts';
import * as m0003 from './migrations/0003_sub_accounts.ts';
import * as m0004 from './migrations/0004_plans_and_orders.ts';
import * as m0005 from './migrations/0005_operation_logs.ts';
import * as m0006 from './migrations/0006_feedback.ts';
import * as m0007 from './migrations/0007_rewards_and_settings.ts';
import * as m0008 from './migrations/0008_plugins.ts';
import * as m0009 from './migrations/0009_share_permissions.ts';
import * as m0010 from './migrations/0010_api_token_sealed.ts';
import * as m0011 from './migrations/0011_tags.ts';
import * as m0012 from './migrations/0012_saved_proxies.ts';
import * as m0013 from './migrations/0013_graphics_reports.ts';
import * as m0014 from './migrations/0014_order_coins.ts';
import * as m0015 from './migrations/0015_spent_refresh.ts';
import * as m0016 from './migrations/0016_account_data_keys.ts';
import * as m0017 from './migrations/0017_durable_guards.ts';
import * as m0018 from './migrations/0018_plan_storage.ts';
import * as m0019 from './migrations/0019_profile_sync.ts';
import * as m0020 from './migrations/0020_profile_search_index.ts';
import * as m0021 from './migrations/0021_search_index_without_pending_list.ts';
import * as m0022 from './migrations/0022_auth_change_notices.ts';
import * as m0023sync from './migrations/0023_sync_refusals_and_reservations.ts';
import * as m0024leases from './migrations/0024_lease_endings.ts';
import * as m0025pushes from './migrations/0025_pending_pushes.ts';
import * as m0026hosts from './migrations/0026_hosts_and_remote_runs.ts';

/** Migrations are listed here in order, so bundling or moving files cannot reorder them. */
const migrations: Record<string, Migration> = {
  '0001_accounts_and_sessions': m0001,
  '0002_profiles': m0002,
  '0003_sub_accounts': m0003,
  '0004_plans_and_orders': m0004,
  '0005_operation_logs': m0005,
  '0006_feedback': m0006,
  '0007_rewards_and_settings': m0007,
  '0008_plugins': m0008,
  '0009_share_permissions': m0009,
  '0010_api_token_sealed': m0010,
  '0011_tags': m0011,
  '0012_saved_proxies': m0012,
  '0013_graphics_reports': m0013,
  '0014_order_coins': m0014,
  '0015_spent_refresh': m0015,
  '0016_account_data_keys': m0016,
  '0017_durable_guards': m0017,
  '0018_plan_storage': m0018,
  '0019_profile_sync': m0019,
  '0020_profile_search_index': m0020,
  '0021_search_index_without_pending_list': m0021,
  '0022_auth_change_notices': m0022,
  '0023_sync_refusals_and_reservations': m0023sync,
  '0024_lease_endings': m0024leases,
  '0025_pending_pushes': m0025pushes,
  '0026_hosts_and_remote_runs': m0026hosts,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; runs at every server start and in the CLI. */
export function migrateToLatest(database: DatabaseHandle): Promise<void> {
  return migrate(database, (migrator) => migrator.migrateToLatest());
}

/** Up or down to a named migration: how upgrade tests put a database back in an older version's shape. */
export function migrateTo(database: DatabaseHandle, name: keyof typeof migrations): Promise<void> {
  return migrate(database, (migrator) => migrator.migrateTo(name));
}

async function migrate(database: DatabaseHandle, run: (migrator: Migrator) => ReturnType<Migrator['migrateToLatest']>): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema it can see; naming ours keeps a
  // second Facet (or a parallel test) in another schema of the same database from hiding them.
  const migrator = new Migrator({
    db: database.db,
    provider,
    // 0016 was written beside 0017 and landed after it: a database that already ran 0017 runs
    // 0016 next instead of refusing to start. Our migrations do not depend on each other's order.
    allowUnorderedMigrations: true,
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = await run(migrator);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
