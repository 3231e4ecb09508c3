import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { JobLock } from '../guards/jobLock.ts';
import { LuaScript } from './luaScript.ts';

/** Deletes the lock only if it still holds this run's token. KEYS: the lock. ARGV: the token. */
const releaseScript = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`);

/**
 * The jobs' lock in Redis: `SET lock token NX PX ttl`. The token (random per run) keeps a run
 * whose lock outlived its TTL from releasing the lock another instance has taken since. The TTL
 * frees the lock of an instance that died mid-run; it must be longer than a run takes.
 */
export class RedisJobLock implements JobLock {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs = 10 * 60_000,
  ) {}

  async runAlone(job: string, body: () => Promise<void>): Promise<boolean> {
    const key = `${this.prefix}lock:${job}`;
    const token = randomBytes(16).toString('hex');
    if ((await this.redis.set(key, token, 'PX', this.ttlMs, 'NX')) !== 'OK') return false;
    try {
      await body();
    } finally {
      await releaseScript.run(this.redis, [key], [token]);
    }
    return true;
  }
}
