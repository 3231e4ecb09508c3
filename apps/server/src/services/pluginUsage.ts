import type { UsageSource } from './storageQuota.ts';

/** The first source of a team's storage: its plugins' zips, each distinct one once. */
export function pluginUsage(): UsageSource {
  return { name: 'plugins', bytesOf: (teamId, store) => store.plugins.teamStoredBytes(teamId) };
}
