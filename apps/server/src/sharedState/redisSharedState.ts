import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { guardedPublisher } from './guardedPublisher.ts';
import type { SharedState } from './sharedState.ts';
import { closeRedis, connectRedis, describeRedisUrl } from './redisConnection.ts';
import { RedisCounterStore } from './redisCounterStore.ts';
import { RedisJobLock } from './redisJobLock.ts';
import { RedisSignatureStore } from './redisSignatureStore.ts';

/**
 * The shared state in Redis (REDIS_URL). Three connections: commands, and the socket.io
 * adapter's publisher and subscriber (a subscribed connection can send nothing else).
 */
export async function openRedisSharedState(redisUrl: string, prefix: string, log: FastifyBaseLogger): Promise<SharedState> {
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
