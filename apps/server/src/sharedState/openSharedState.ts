import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DatabaseJobLock } from '../repositories/jobLocks.ts';
import { RateCountersRepository } from '../repositories/rateCounters.ts';
import { SeenSignaturesRepository } from '../repositories/seenSignatures.ts';
import type { SharedState } from './sharedState.ts';

/** In the database: instances on one PostgreSQL count and refuse together, but push only to their own sockets. */
export function databaseSharedState(db: Kysely<Database>): SharedState {
  return {
    counters: new RateCountersRepository(db),
    signatures: new SeenSignaturesRepository(db),
    jobLock: new DatabaseJobLock(db),
    pushAdapter: null,
    description: 'in the database',
    close: async () => undefined,
  };
}

/**
 * Redis with REDIS_URL, else the database. The Redis modules load only when asked for: ioredis
 * and the adapter cost about a second of start-up on a loaded machine, paid by every CLI command.
 */
export async function openSharedState(config: { redisUrl: string | null; redisPrefix: string }, db: Kysely<Database>, log: FastifyBaseLogger): Promise<SharedState> {
  if (!config.redisUrl) return databaseSharedState(db);
  const { openRedisSharedState } = await import('./redisSharedState.ts');
  return openRedisSharedState(config.redisUrl, config.redisPrefix, log);
}
