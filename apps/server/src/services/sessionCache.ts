import type { AuthenticatedSession } from './authenticatedSession.ts';

/**
 * What the cache must hear of accounts and sessions changed by other processes: the database's
 * change feed (db/authChangeFeed.ts) is one; the cache names only what it uses of it.
 */
export interface SessionChangeFeed {
  /** False while a change could go unheard: the cache then answers nothing. */
  readonly live: boolean;
  /** Looks for changes that are known only by asking (SQLite). */
  poll(): void;
  /** The account whose row or sessions changed; null: anything may have changed. */
  onChange(listener: (accountId: string | null) => void): void;
}

interface Entry {
  found: AuthenticatedSession;
  storedAt: number;
}

/** Its own rows: a handler that changes its context must not change what the next call is told. */
function copyOf(found: AuthenticatedSession): AuthenticatedSession {
  return { session: { ...found.session }, account: { ...found.account } };
}

/** A read begun before this: its answer may predate a change, and is not kept. */
type CacheMark = number;

/**
 * The sessions and accounts of recent tokens, kept so that a signed call does not ask the
 * database who is calling (issue 16: on PostgreSQL that round trip was a fifth of a list call's
 * CPU). Only what the database said is kept, and it is forgotten when it may have changed:
 * - this process's own writes to accounts or sessions forget everything (db/authWrites.ts);
 * - other processes' writes forget the account they touched, or everything (db/authChangeFeed.ts);
 * - while the feed is not live, nothing is answered or kept;
 * - an entry is also dropped after `ttlMs`, and a session past its expiry is never answered.
 * A read that began before a change may finish after it with the old row: each forgetting moves
 * the mark on, and an answer read under an older mark is not kept.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private mark: CacheMark = 0;

  constructor(
    private readonly feed: SessionChangeFeed,
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly capacity = 10_000,
  ) {
    feed.onChange((accountId) => this.forget(accountId));
  }

  /** A copy of what the token's session was, or undefined when not known (or not trusted now). */
  get(tokenHash: string): AuthenticatedSession | undefined {
    if (!this.feed.live) return undefined;
    this.feed.poll();
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt > this.ttlMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return copyOf(entry.found);
  }

  /** Taken before reading the database, and given back to `keep`. */
  markBeforeRead(): CacheMark {
    return this.mark;
  }

  keep(tokenHash: string, found: AuthenticatedSession, markBeforeRead: CacheMark): void {
    if (markBeforeRead !== this.mark || !this.feed.live) return;
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { found: copyOf(found), storedAt: this.now() });
  }

  /** The session's last-seen time as just written (that write is not a change to forget). */
  seen(tokenHash: string, at: number): void {
    const entry = this.entries.get(tokenHash);
    if (entry) entry.found.session.last_seen_at = at;
  }

  /** Everything about `accountId`, or everything (null). */
  forget(accountId: string | null): void {
    this.mark += 1;
    if (accountId === null) {
      this.entries.clear();
      return;
    }
    for (const [tokenHash, entry] of this.entries) if (entry.found.account.id === accountId) this.entries.delete(tokenHash);
  }

  get size(): number {
    return this.entries.size;
  }
}
