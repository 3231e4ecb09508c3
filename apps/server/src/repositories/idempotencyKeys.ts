import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { IdempotencyRecord, IdempotencyStore } from '../guards/idempotency.ts';
import { RelaxedWrite } from './relaxedWrite.ts';

/** Keyed requests and their kept answers, per account. */
export class IdempotencyKeysRepository implements IdempotencyStore {
  private readonly relaxed: RelaxedWrite;

  constructor(private readonly db: Kysely<Database>) {
    this.relaxed = new RelaxedWrite(db);
  }

  /**
   * Insert, or take over a row whose time is up; the row count says whether the key is ours.
   * Without waiting for the disk (relaxedWrite.ts): the work's own commit, which waits, makes
   * the claim durable with it, and a claim lost to a power cut came with no work done.
   */
  claim(accountId: string, key: string, fingerprint: string, now: number, leaseUntil: number): Promise<boolean> {
    return this.relaxed.run(async (db) => {
      const result = await db
        .insertInto('idempotency_keys')
        .values({ account_id: accountId, key, fingerprint, claimed_at: now, expires_at: leaseUntil, status: null, answer: null })
        .onConflict((oc) =>
          oc
            .columns(['account_id', 'key'])
            .doUpdateSet({ fingerprint, claimed_at: now, expires_at: leaseUntil, status: null, answer: null })
            .where('idempotency_keys.expires_at', '<=', now),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows) === 1;
    });
  }

  async find(accountId: string, key: string): Promise<IdempotencyRecord | undefined> {
    const row = await this.db
      .selectFrom('idempotency_keys')
      .select(['fingerprint', 'claimed_at', 'status', 'answer'])
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .executeTakeFirst();
    return row && { fingerprint: row.fingerprint, claimedAt: row.claimed_at, status: row.status, answer: row.answer };
  }

  /** Waits for the disk: the kept answer is what stops the work being done twice. */
  async complete(accountId: string, key: string, claimedAt: number, kept: { status: number; answer: string }, expiresAt: number): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ status: kept.status, answer: kept.answer, expires_at: expiresAt })
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .where('claimed_at', '=', claimedAt)
      .execute();
  }

  async release(accountId: string, key: string, claimedAt: number): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .where('claimed_at', '=', claimedAt)
      .where('status', 'is', null)
      .execute();
  }

  async deleteExpired(now: number, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('idempotency_keys')
      .where((eb) =>
        eb(eb.refTuple('account_id', 'key'), 'in', eb.selectFrom('idempotency_keys').select(['account_id', 'key']).where('expires_at', '<=', now).limit(limit).$asTuple('account_id', 'key')),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
