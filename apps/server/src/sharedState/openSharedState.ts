import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { ServerOptions } from 'socket.io';
import type { Database } from '../db/schema.ts';
import type { JobLock } from '../jobs/jobLock.ts';
import { DatabaseJobLock } from '../repositories/jobLocks.ts';
import { RateCountersRepository } from '../repositories/rateCounters.ts';
import { SeenSignaturesRepository } from '../repositories/seenSignatures.ts';
import type { CounterStore } from '../services/counterStore.ts';
import type { SignatureStore } from '../services/replayGuard.ts';
import { guardedPublisher } from './guardedPublisher.ts';
import { closeRedis, connectRedis, describeRedisUrl } from './redisConnection.ts';
import { RedisCounterStore } from './redisCounterStore.ts';
import { RedisJobLock } from './redisJobLock.ts';
import { RedisSignatureStore } from './redisSignatureStore.ts';

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
 * Redis with REDIS_URL, else the database. Three connections: commands, and the socket.io
 * adapter's publisher and subscriber (a subscribed connection can send nothing else).
 */
export async function openSharedState(config: { redisUrl: string | null; redisPrefix: string }, db: Kysely<Database>, log: FastifyBaseLogger): Promise<SharedState> {
  if (!config.redisUrl) return databaseSharedState(db);
  const { redisUrl, redisPrefix: prefix } = config;
  const opened: Redis[] = [];
  try {
    const commands = await connectRedis(redisUrl, log, 'commands');
    opened.push(commands);
    const publisher = await connectRedis(redisUrl, log, 'push-publisher');
    opened.push(publisher);
    const subscriber = await connectRedis(redisUrl, log, 'push-subscriber');
    opened.push(subscriber);
    return {
      counters: new RedisCounterStore(commands, prefix),
      signatures: new RedisSignatureStore(commands, prefix),
      jobLock: new RedisJobLock(commands, prefix),
      // Each instance hears the answers to its own requests only (fetchSockets across instances).
      pushAdapter: createAdapter(guardedPublisher(publisher, log), subscriber, { key: `${prefix}socket.io`, publishOnSpecificResponseChannel: true }),
      description: `in Redis at ${describeRedisUrl(redisUrl)}, keys prefixed "${prefix}"`,
      close: async () => {
        await Promise.all(opened.map(closeRedis));
      },
    };
  } catch (error) {
    await Promise.all(opened.map(closeRedis));
    throw error;
  }
}
