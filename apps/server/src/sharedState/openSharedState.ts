import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerOptions } from 'socket.io';
import type { Database } from '../db/schema.ts';
import type { JobLock } from '../jobs/jobLock.ts';
import { DatabaseJobLock } from '../repositories/jobLocks.ts';
import { RateCountersRepository } from '../repositories/rateCounters.ts';
import { SeenSignaturesRepository } from '../repositories/seenSignatures.ts';
import type { CounterStore } from '../services/counterStore.ts';
import type { SignatureStore } from '../services/replayGuard.ts';

/**
 * What every server instance must see alike: the rate limiter's and the login throttle's
 * counts, the replay guard's signatures, the jobs' lock and the socket.io rooms. Idempotency
 * keys are not here: they stay in the database (services/idempotency.ts says why).
 */
export interface SharedState {
  counters: CounterStore;
  signatures: SignatureStore;
  jobLock: JobLock;
  /** socket.io's adapter; null: rooms in this process (one instance). */
  pushAdapter: ServerOptions['adapter'] | null;
  /** For the start log, without secrets. */
  description: string;
  close(): Promise<void>;
}

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
