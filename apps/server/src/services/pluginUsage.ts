import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { PluginsRepository } from '../repositories/plugins.ts';
import type { UsageSource } from './storageQuota.ts';

/** The first source of a team's storage: its plugins' zips, each distinct one once. */
export function pluginUsage(db: Kysely<Database>): UsageSource {
  const plugins = new PluginsRepository(db);
  return { name: 'plugins', bytesOf: (teamId) => plugins.teamStoredBytes(teamId) };
}
