/**
 * What the session cache (services/sessionCache.ts) must hear of accounts and sessions changed by
 * other processes: the operator CLI writing into the SQLite file, another server instance or the
 * CLI writing into PostgreSQL. This process's own writes are heard through db/authWrites.ts.
 */
export interface AuthChangeFeed {
  /** False while a change could go unheard (the listener reconnecting): the cache then answers nothing. */
  readonly live: boolean;
  /** Looks for changes that are known only by asking (SQLite); the cache calls it before it answers. */
  poll(): void;
  /** The account whose row or sessions changed; null: anything may have changed. */
  onChange(listener: (accountId: string | null) => void): void;
  /** For the start log: how other processes' changes are heard. */
  description: string;
  close(): Promise<void>;
}

/** Listeners of a feed, told in order. */
export class ChangeListeners {
  private readonly listeners: ((accountId: string | null) => void)[] = [];

  add(listener: (accountId: string | null) => void): void {
    this.listeners.push(listener);
  }

  tell(accountId: string | null): void {
    for (const listener of this.listeners) listener(accountId);
  }
}
