import type { UsageSource } from './storageQuota.ts';

/** The second source of a team's storage: the sealed chunks of its profiles' saved states. */
export function syncUsage(): UsageSource {
  return { name: 'sync', bytesOf: (teamId, store) => store.syncChunks.bytesOfTeam(teamId) };
}
