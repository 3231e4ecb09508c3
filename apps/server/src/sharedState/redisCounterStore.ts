import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { CounterStore, CountLifetime, Tally } from '../guards/counterStore.ts';
import { LuaScript } from './luaScript.ts';

/**
 * Adds to each key's count in one atomic step (a count that has expired by `now` starts afresh)
 * and returns { hits, startedAt, lastAt, expiresAt } per key. The expiry is kept in the hash and
 * compared with the server's `now`, as the SQL store does, so a count ends when the server's
 * clock says; Redis's own expiry (PEXPIRE, relative, so a clock skew between server and Redis
 * does not matter) only frees the memory afterwards.
 * KEYS: the counts. ARGV: by, now, lifetime ms, extend (1 or 0).
 */
const addScript = new LuaScript(`
local by, now, ms, extend = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4] == '1'
local out = {}
for i, key in ipairs(KEYS) do
  local row = redis.call('HMGET', key, 'hits', 'started', 'expires')
  local hits, started, expires = by, now, now + ms
  if row[1] and tonumber(row[3]) > now then
    hits = tonumber(row[1]) + by
    started = tonumber(row[2])
    if not extend then expires = tonumber(row[3]) end
  end
  redis.call('HSET', key, 'hits', hits, 'started', started, 'last', now, 'expires', expires)
  redis.call('PEXPIRE', key, expires - now)
  out[i] = { hits, started, now, expires }
end
return out
`);

/**
 * Counters in Redis, for several server instances (REDIS_URL): one script run per check,
 * whatever the number of keys. Keys are stored as their SHA-256, as in the database: what is
 * counted includes client addresses and login names as typed, sometimes a password typed into
 * the wrong field. Counts live in Redis's memory: a Redis restart without persistence forgets
 * them (docs/deployment.md).
 */
export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async add(keys: readonly string[], by: number, now: number, lifetime: CountLifetime): Promise<Map<string, Tally>> {
    // A key named twice is counted once, as in the database.
    const unique = [...new Set(keys)];
    const rows = (await addScript.run(this.redis, unique.map((key) => this.redisKey(key)), [by, now, lifetime.ms, lifetime.extend ? 1 : 0])) as number[][];
    return new Map(unique.map((key, i) => [key, tally(rows[i]!)]));
  }

  async read(keys: readonly string[], now: number): Promise<Map<string, Tally>> {
    const unique = [...new Set(keys)];
    const pipeline = this.redis.pipeline();
    for (const key of unique) pipeline.hmget(this.redisKey(key), 'hits', 'started', 'last', 'expires');
    const answers = (await pipeline.exec()) ?? [];
    const found = new Map<string, Tally>();
    for (const [i, key] of unique.entries()) {
      const [error, row] = answers[i] ?? [new Error('redis: no answer to HMGET'), null];
      if (error) throw error;
      const [hits, started, last, expires] = row as (string | null)[];
      if (hits == null || Number(expires) <= now) continue;
      found.set(key, tally([Number(hits), Number(started), Number(last), Number(expires)]));
    }
    return found;
  }

  async remove(key: string): Promise<void> {
    await this.redis.unlink(this.redisKey(key));
  }

  /** Redis forgets expired counts by itself (PEXPIRE); nothing is left for housekeeping. */
  async deleteExpired(): Promise<number> {
    return 0;
  }

  private redisKey(key: string): string {
    return `${this.prefix}count:${createHash('sha256').update(key).digest('hex')}`;
  }
}

function tally([hits, startedAt, lastAt, expiresAt]: number[]): Tally {
  return { hits: hits!, startedAt: startedAt!, lastAt: lastAt!, expiresAt: expiresAt! };
}
