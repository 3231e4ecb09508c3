import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Connects to REDIS_URL and waits for the connection: a server that cannot reach its Redis
 * stops at start, instead of failing each request. Afterwards ioredis reconnects by itself, and
 * every connection error is logged. Meanwhile a command fails at once (no offline queue): the
 * request that needed it gets a 500 straight away instead of waiting seconds for ioredis's
 * retries, and a push is lost (guardedPublisher.ts) instead of arriving late.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger, role: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 5_000, enableOfflineQueue: false, maxRetriesPerRequest: 3, connectionName: `facet-${role}` });
  redis.on('error', (error: Error) => log.warn({ err: error, redis: describeRedisUrl(url), role }, 'redis connection error'));
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`REDIS_URL: cannot reach Redis at ${describeRedisUrl(url)} (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  return redis;
}

/** The URL without its password, for logs and errors. */
export function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'an unreadable URL';
  }
}

/** QUIT lets pending replies arrive first; a connection already gone is simply dropped. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}
