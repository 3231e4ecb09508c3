import type { Redis } from 'ioredis';
import type { SignatureStore } from '../guards/replayGuard.ts';

/**
 * The replay guard's memory in Redis, for several server instances (REDIS_URL): one
 * `SET signature 1 NX PX ttl` per signed call, atomic across every instance. Redis forgets the
 * signature when the TTL ends (its own clock, relative to now: a skew between server and Redis
 * does not matter).
 */
export class RedisSignatureStore implements SignatureStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async remember(signature: string, now: number, expiresAt: number): Promise<boolean> {
    const answer = await this.redis.set(`${this.prefix}sig:${signature}`, 1, 'PX', Math.max(1, expiresAt - now), 'NX');
    return answer === 'OK';
  }

  /** Redis forgets expired signatures by itself; nothing is left for housekeeping. */
  async deleteExpired(): Promise<number> {
    return 0;
  }
}
