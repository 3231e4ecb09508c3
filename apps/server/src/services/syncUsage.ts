import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { SyncChunksRepository } from '../repositories/syncChunks.ts';
import type { UsageSource } from './storageQuota.ts';

/** The second source of a team's storage: the sealed chunks of its profiles' saved states. */
export function syncUsage(db: Kysely<Database>): UsageSource {
  const chunks = new SyncChunksRepository(db);
  return { name: 'sync', bytesOf: (teamId) => chunks.bytesOfTeam(teamId) };
}
