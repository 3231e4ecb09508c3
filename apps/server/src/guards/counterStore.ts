/** One count as a CounterStore keeps it. */
export interface Tally {
  hits: number;
  /** The first event of this count (the first after the previous count expired). */
  startedAt: number;
  /** The latest event. */
  lastAt: number;
  /** When the count is forgotten. */
  expiresAt: number;
}

/** How long a count lives: a fixed window from its first event, or `ms` after its latest. */
export interface CountLifetime {
  ms: number;
  /** True: every event pushes the expiry to now + ms (a tally forgotten a while after the last failure). */
  extend: boolean;
}

/**
 * Where the rate limiter and the login throttle keep their counts, so that a restart does not
 * hand out fresh tries and every server instance counts together. The SQL store is
 * repositories/rateCounters.ts; with REDIS_URL, sharedState/redisCounterStore.ts
 * (test/sharedStores.test.ts holds both to this contract).
 */
export interface CounterStore {
  /**
   * Adds `by` to each key's count, a count that has expired starting afresh at `now`, and
   * returns the counts after the addition: one round trip for however many keys.
   */
  add(keys: readonly string[], by: number, now: number, lifetime: CountLifetime): Promise<Map<string, Tally>>;
  /** The counts of these keys that are still alive at `now`. */
  read(keys: readonly string[], now: number): Promise<Map<string, Tally>>;
  remove(key: string): Promise<void>;
  /** Housekeeping: forgets up to `limit` expired counts and says how many. */
  deleteExpired(now: number, limit: number): Promise<number>;
}
