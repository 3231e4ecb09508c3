import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * The connection @socket.io/redis-adapter publishes on, whose `publish` reports a failure
 * instead of leaving it unhandled. The adapter (8.3.0) calls `pubClient.publish(...)` without
 * handling the promise, for every push and every request between instances; while Redis is
 * away ioredis rejects it after its retries, and an unhandled rejection ends a Node process.
 * With this, a push that cannot leave the instance is logged and lost, and the server goes on.
 */
export function guardedPublisher(redis: Redis, log: FastifyBaseLogger): Redis {
  const publish = (channel: string | Buffer, message: string | Buffer) =>
    redis.publish(channel, message).catch((error: unknown) => {
      log.warn({ err: error }, 'a push could not reach the other instances (Redis unreachable)');
      return 0;
    });
  return new Proxy(redis, {
    get(target, property) {
      if (property === 'publish') return publish;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
