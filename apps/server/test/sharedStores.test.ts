import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobLock } from '../src/guards/jobLock.ts';
import type { CounterStore } from '../src/guards/counterStore.ts';
import type { SignatureStore } from '../src/guards/replayGuard.ts';
import pino from 'pino';
import { databaseSharedState, openSharedState } from '../src/sharedState/openSharedState.ts';
import { RedisCounterStore } from '../src/sharedState/redisCounterStore.ts';
import { RedisJobLock } from '../src/sharedState/redisJobLock.ts';
import { RedisSignatureStore } from '../src/sharedState/redisSignatureStore.ts';
import { onPostgres, redisUrl } from './harness.ts';
import { dropRedisKeys, testRedisPrefix } from './support/redisKeys.ts';
import { openTestDatabase } from './support/testDatabase.ts';

// The stores several server instances share: the database's (SQLite or PostgreSQL, as the suite
// runs) and Redis's (REDIS_URL) keep one contract, so either can serve the rate limiter, the
// login throttle, the replay guard and the jobs.
interface Stores {
  counters: CounterStore;
  signatures: SignatureStore;
  jobLock: JobLock;
}

const key = (name: string) => `${name}:${randomBytes(4).toString('hex')}`;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const minute = { ms: 60_000, extend: false };

function contract(open: () => Promise<{ stores: Stores; close(): Promise<void> }>, locksAcrossConnections: boolean) {
  let s: Stores;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ stores: s, close } = await open());
  });
  afterAll(() => close());

  describe('counts', () => {
    it('adds events, keeps a fixed window from the first, and starts afresh once it has expired', async () => {
      const k = key('window');
      const t0 = Date.now();
      expect((await s.counters.add([k], 1, t0, { ms: 1000, extend: false })).get(k)).toEqual({ hits: 1, startedAt: t0, lastAt: t0, expiresAt: t0 + 1000 });
      expect((await s.counters.add([k], 2, t0 + 10, { ms: 1000, extend: false })).get(k)).toEqual({ hits: 3, startedAt: t0, lastAt: t0 + 10, expiresAt: t0 + 1000 });
      expect((await s.counters.read([k], t0 + 999)).get(k)?.hits).toBe(3);
      // The server's clock decides, not the store's: expired at t0 + 1000 even if no time passed.
      expect((await s.counters.read([k], t0 + 1000)).has(k)).toBe(false);
      expect((await s.counters.add([k], 1, t0 + 1000, { ms: 1000, extend: false })).get(k)).toEqual({ hits: 1, startedAt: t0 + 1000, lastAt: t0 + 1000, expiresAt: t0 + 2000 });
    });

    it('moves the expiry with every event when asked to', async () => {
      const k = key('extend');
      const t0 = Date.now();
      await s.counters.add([k], 1, t0, { ms: 1000, extend: true });
      expect((await s.counters.add([k], 1, t0 + 900, { ms: 1000, extend: true })).get(k)).toMatchObject({ hits: 2, startedAt: t0, expiresAt: t0 + 1900 });
      expect((await s.counters.read([k], t0 + 1500)).get(k)).toEqual({ hits: 2, startedAt: t0, lastAt: t0 + 900, expiresAt: t0 + 1900 });
    });

    it('counts several keys in one call, a key named twice once, and reads and removes them apart', async () => {
      const [a, b] = [key('a'), key('b')];
      const now = Date.now();
      const after = await s.counters.add([a, b, a], 1, now, minute);
      expect([...after].map(([k, t]) => [k, t.hits]).sort()).toEqual([[a, 1], [b, 1]].sort());
      await s.counters.remove(a);
      expect([...(await s.counters.read([a, b, key('never')], now))].map(([k, t]) => [k, t.hits])).toEqual([[b, 1]]);
    });

    it('loses no event when many servers add at once', async () => {
      const k = key('race');
      const now = Date.now();
      const seen = await Promise.all(Array.from({ length: 40 }, () => s.counters.add([k], 1, now, minute)));
      expect(seen.map((m) => m.get(k)!.hits).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    });

    it('keeps live counts through housekeeping', async () => {
      const [short, long] = [key('short'), key('long')];
      const t0 = Date.now();
      await s.counters.add([short], 1, t0, { ms: 1000, extend: false });
      await s.counters.add([long], 1, t0, minute);
      await s.counters.deleteExpired(t0 + 2000, 1000);
      expect([...(await s.counters.read([short, long], t0 + 2000)).keys()]).toEqual([long]);
    });
  });

  describe('signatures', () => {
    it('accepts a signature once, and another signature as well', async () => {
      const [sig, other] = [key('sig'), key('sig')];
      const now = Date.now();
      expect(await s.signatures.remember(sig, now, now + 60_000)).toBe(true);
      expect(await s.signatures.remember(sig, now + 1, now + 60_001)).toBe(false);
      expect(await s.signatures.remember(other, now, now + 60_000)).toBe(true);
    });

    it('accepts exactly one of many servers offering the same signature at once', async () => {
      const sig = key('race');
      const now = Date.now();
      const answers = await Promise.all(Array.from({ length: 20 }, () => s.signatures.remember(sig, now, now + 60_000)));
      expect(answers.filter(Boolean)).toHaveLength(1);
    });

    it('forgets a signature when its time is up, and not before, housekeeping or not', async () => {
      const [brief, kept] = [key('brief'), key('kept')];
      const now = Date.now();
      await s.signatures.remember(brief, now, now + 150);
      await s.signatures.remember(kept, now, now + 60_000);
      await sleep(300);
      await s.signatures.deleteExpired(Date.now(), 1000);
      expect(await s.signatures.remember(brief, Date.now(), Date.now() + 60_000)).toBe(true);
      expect(await s.signatures.remember(kept, Date.now(), Date.now() + 60_000)).toBe(false);
    });
  });

  describe('the jobs lock', () => {
    it.skipIf(!locksAcrossConnections)('lets one run of a job at a time; another job is not held up', async () => {
      const job = key('job');
      let finish!: () => void;
      const first = s.jobLock.runAlone(job, () => new Promise<void>((resolve) => (finish = resolve)));
      await sleep(50);
      expect(await s.jobLock.runAlone(job, async () => undefined)).toBe(false);
      expect(await s.jobLock.runAlone(key('other'), async () => undefined)).toBe(true);
      finish();
      expect(await first).toBe(true);
      expect(await s.jobLock.runAlone(job, async () => undefined)).toBe(true);
    });

    it('lets go of the lock when the job fails, and reports the failure', async () => {
      const job = key('failing');
      await expect(s.jobLock.runAlone(job, () => Promise.reject(new Error('job broke')))).rejects.toThrow('job broke');
      expect(await s.jobLock.runAlone(job, async () => undefined)).toBe(true);
    });
  });
}

describe('opening the shared state', () => {
  it('refuses to start on a Redis it cannot reach, naming it without its password', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      // Port 1: nothing listens there, so the connection is refused at once.
      const opening = openSharedState({ redisUrl: 'redis://:hunter2@127.0.0.1:1/0', redisPrefix: 'facet-test:' }, database.db, pino({ level: 'silent' }));
      const error = await opening.then(() => null, (e: unknown) => e as Error);
      expect(error?.message).toContain('cannot reach Redis at redis://127.0.0.1:1/0');
      expect(error?.message).not.toContain('hunter2');
    } finally {
      await drop();
    }
  });
});

describe('shared state in the database', () => {
  contract(async () => {
    const { database, drop } = await openTestDatabase();
    return { stores: databaseSharedState(database.db), close: drop };
  }, onPostgres); // SQLite takes no lock: one database file is one server process
});

describe.skipIf(!redisUrl)('shared state in Redis (skipped without REDIS_URL)', () => {
  const prefix = testRedisPrefix();
  let redis: Redis;
  contract(async () => {
    redis = new Redis(redisUrl!);
    return {
      stores: { counters: new RedisCounterStore(redis, prefix), signatures: new RedisSignatureStore(redis, prefix), jobLock: new RedisJobLock(redis, prefix) },
      close: async () => {
        await dropRedisKeys(redisUrl!, prefix);
        await redis.quit();
      },
    };
  }, true);

  it("a run that outlived its lock's TTL does not let go of the next holder's lock", async () => {
    const shortLock = new RedisJobLock(redis, prefix, 100);
    const lock = new RedisJobLock(redis, prefix);
    const job = key('outlived');
    const late = shortLock.runAlone(job, () => sleep(250));
    await sleep(150);
    // The first run's lock has expired: another instance takes it and still runs when the first ends.
    let finish!: () => void;
    const next = lock.runAlone(job, () => new Promise<void>((resolve) => (finish = resolve)));
    await sleep(20);
    expect(await late).toBe(true);
    expect(await lock.runAlone(job, async () => undefined)).toBe(false);
    finish();
    expect(await next).toBe(true);
  });
});
