import { PluginsRepository } from '../repositories/plugins.ts';
import type { UsageSource } from './storageQuota.ts';

/** The first source of a team's storage: its plugins' zips, each distinct one once. */
export function pluginUsage(): UsageSource {
  return { name: 'plugins', bytesOf: (teamId, db) => new PluginsRepository(db).teamStoredBytes(teamId) };
}
