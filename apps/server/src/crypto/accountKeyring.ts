import { randomBytes } from 'node:crypto';
import type { Executor } from '../repositories/executor.ts';
import { Store } from '../repositories/store.ts';
import type { Clock } from '../clock.ts';
import type { AccountDataKeyRecord } from '../repositories/accountDataKeys.ts';
import type { MasterKey } from '../security/masterKey.ts';

/**
 * Each account's data keys, unwrapped once and kept in memory. An account gets its first key
 * the first time something of it is sealed.
 *
 * `ready` reads and creates keys on the database itself, in their own statements, and the
 * services call it before they open a transaction: on SQLite a query outside a transaction
 * waits for it (one connection) and would never run, and a key created inside a transaction
 * that then rolled back would stay cached while gone from the database, sealing values nothing
 * could open after a restart. Sealing and opening are then synchronous lookups.
 */
export class AccountKeyring {
  private readonly keys = new Map<string, Map<number, Buffer>>();
  private readonly store: Store;

  /** `data`: the server's Store, or a bare database handle (tests, the benchmark's seeding). */
  constructor(
    data: Store | Executor,
    private master: MasterKey,
    private readonly clock: Clock,
  ) {
    this.store = data instanceof Store ? data : new Store(data);
  }

  /** Loads the accounts' keys, making a first key for accounts without one. */
  async ready(accountIds: Iterable<string>): Promise<void> {
    const missing = [...new Set(accountIds)].filter((id) => !this.keys.has(id));
    if (missing.length === 0) return;
    const repo = this.store.accountDataKeys;
    this.remember(await repo.forAccounts(missing));
    for (const accountId of missing.filter((id) => !this.keys.has(id))) {
      await repo.insertIfAbsent(this.newKeyRow(accountId, 1));
      // Another server (or the CLI) may have made version 1 first: use what the database kept.
      this.remember(await repo.forAccounts([accountId]));
    }
  }

  /** The key new values of the account are sealed with. */
  current(accountId: string): { version: number; key: Buffer } {
    const versions = this.keys.get(accountId);
    if (!versions || versions.size === 0) throw new Error(`account key of ${accountId} not loaded: call ready() before sealing`);
    const version = Math.max(...versions.keys());
    return { version, key: versions.get(version)! };
  }

  /** A version of the account's key, or undefined when the account has no such version. */
  key(accountId: string, version: number): Buffer | undefined {
    const versions = this.keys.get(accountId);
    if (!versions) throw new Error(`account key of ${accountId} not loaded: call ready() before opening`);
    return versions.get(version);
  }

  /** Rotation: a new version for each account, current from now on. Older versions stay until `dropOlder`. */
  async addVersions(accountIds: readonly string[]): Promise<void> {
    await this.ready(accountIds);
    const repo = this.store.accountDataKeys;
    for (const accountId of accountIds) {
      const next = this.current(accountId).version + 1;
      await repo.insertIfAbsent(this.newKeyRow(accountId, next));
    }
    this.remember(await repo.forAccounts(accountIds));
  }

  /** Rotation: every account keeps only its newest key; values sealed with the others no longer open. */
  async dropOlder(): Promise<number> {
    const dropped = await this.store.accountDataKeys.deleteAllButNewest();
    for (const versions of this.keys.values()) {
      const newest = Math.max(...versions.keys());
      for (const version of versions.keys()) if (version !== newest) versions.delete(version);
    }
    return dropped;
  }

  /**
   * Rotation of the master key: every account key wrapped again under `next`, in one
   * transaction, so the database never holds keys of both masters.
   */
  async rewrapAll(next: MasterKey): Promise<number> {
    const count = await this.store.transaction(async (tx) => {
      const repo = tx.accountDataKeys;
      const rows = await repo.all();
      for (const row of rows) {
        const key = this.master.unwrapAccountKey(row.account_id, row.version, row.wrapped);
        await repo.rewrap(row.account_id, row.version, next.wrapAccountKey(row.account_id, row.version, key), next.id);
      }
      return rows.length;
    });
    this.master = next;
    return count;
  }

  private newKeyRow(accountId: string, version: number): AccountDataKeyRecord {
    return { account_id: accountId, version, wrapped: this.master.wrapAccountKey(accountId, version, randomBytes(32)), master_key_id: this.master.id, created_at: this.clock.now() };
  }

  private remember(rows: readonly AccountDataKeyRecord[]): void {
    for (const row of rows) {
      const versions = this.keys.get(row.account_id) ?? new Map<number, Buffer>();
      // Unwrapping checks the account id and version: a wrapped key moved to another account's
      // row fails here (a server fault, 500), rather than sealing that account's values with it.
      if (!versions.has(row.version)) versions.set(row.version, this.master.unwrapAccountKey(row.account_id, row.version, row.wrapped));
      this.keys.set(row.account_id, versions);
    }
  }
}
