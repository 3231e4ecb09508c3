import { Code, IDEMPOTENCY_KEY_LIFETIME_SECONDS } from '@facet/contracts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';

/** An answer as it went out: HTTP status and envelope. */
export interface KeptAnswer {
  status: number;
  body: unknown;
}

/** A key's row: the request that took it and, once it is done, its sealed answer. */
export interface IdempotencyRecord {
  fingerprint: string;
  claimedAt: number;
  status: number | null;
  answer: string | null;
}

/**
 * Where answers of keyed requests are kept: repositories/idempotencyKeys.ts, also when REDIS_URL
 * moves the other guards to Redis. A kept answer promises that work was done once, for a day:
 * it must survive what Redis without persistence does not (a restart, an eviction under
 * memory pressure), and it waits for the disk. It is written once per keyed change, not per
 * call, so the database is not the bottleneck the replay guard's per-call write was.
 */
export interface IdempotencyStore {
  /** Takes the key for a request unless a live row holds it (an expired one is taken over); true when taken. Atomic. */
  claim(accountId: string, key: string, fingerprint: string, now: number, leaseUntil: number): Promise<boolean>;
  find(accountId: string, key: string): Promise<IdempotencyRecord | undefined>;
  /** Keeps the answer, if the row is still the one this request took at `claimedAt`. */
  complete(accountId: string, key: string, claimedAt: number, kept: { status: number; answer: string }, expiresAt: number): Promise<void>;
  /** Gives the key back after a refusal or a fault, if the row is still this request's. */
  release(accountId: string, key: string, claimedAt: number): Promise<void>;
  /** Housekeeping: forgets up to `limit` expired keys and says how many. */
  deleteExpired(now: number, limit: number): Promise<number>;
}

/**
 * Seals kept answers: they can carry proxy passwords, cookies or a new API token. `purpose` is
 * the associated data (account and key), so an answer moved to another row does not open.
 * The master key does this (security/masterKey.ts), as for launch grants: kept answers are the
 * server's own and short-lived, and a master key rotation ends them as it ends the grants.
 */
interface AnswerSeal {
  seal(purpose: readonly string[], plain: string): string;
  open(purpose: readonly string[], sealed: string): string;
}

/**
 * A request taken on and never finished (the server stopped half-way) holds its key this long;
 * then a retry may run it. Long enough for the slowest call (a batch of 1,000 profiles).
 */
const LEASE_MS = 5 * 60_000;

/**
 * Runs a keyed request once per (account, key) and answers its repeats with the kept answer.
 * Only successes are kept: a refusal changed nothing (calls are all or none), so a retry of it
 * runs again, e.g. once the plan allows more profiles.
 */
export class Idempotency {
  constructor(
    private readonly store: IdempotencyStore,
    private readonly seal: AnswerSeal,
    private readonly clock: Clock,
  ) {}

  async once(accountId: string, key: string, fingerprint: string, work: () => Promise<KeptAnswer>): Promise<KeptAnswer> {
    // Twice at most: a row found expired between the two statements is taken over on the second turn.
    for (let turn = 0; ; turn++) {
      const claimedAt = this.clock.now();
      if (await this.store.claim(accountId, key, fingerprint, claimedAt, claimedAt + LEASE_MS)) return this.run(accountId, key, claimedAt, work);
      const record = await this.store.find(accountId, key);
      if (record || turn > 0) return this.kept(accountId, key, fingerprint, record);
    }
  }

  private async run(accountId: string, key: string, claimedAt: number, work: () => Promise<KeptAnswer>): Promise<KeptAnswer> {
    let answer: KeptAnswer;
    try {
      answer = await work();
    } catch (error) {
      await this.store.release(accountId, key, claimedAt);
      throw error;
    }
    const sealed = this.seal.seal(answerPurpose(accountId, key), JSON.stringify(answer));
    await this.store.complete(accountId, key, claimedAt, { status: answer.status, answer: sealed }, this.clock.now() + IDEMPOTENCY_KEY_LIFETIME_SECONDS * 1000);
    return answer;
  }

  private kept(accountId: string, key: string, fingerprint: string, record: IdempotencyRecord | undefined): KeptAnswer {
    if (!record) throw new AppError(Code.IDEMPOTENCY_KEY_IN_FLIGHT, null, 409);
    if (record.fingerprint !== fingerprint) throw new AppError(Code.IDEMPOTENCY_KEY_REUSED, null, 422);
    if (record.status === null || record.answer === null) throw new AppError(Code.IDEMPOTENCY_KEY_IN_FLIGHT, null, 409);
    let plain: string;
    try {
      plain = this.seal.open(answerPurpose(accountId, key), record.answer);
    } catch (error) {
      // The work was done; doing it again is what the key forbids. A 500 that says why.
      throw new Error('the kept answer of an Idempotency-Key does not open (was the master key rotated since?)', { cause: error });
    }
    return JSON.parse(plain) as KeptAnswer;
  }
}

const answerPurpose = (accountId: string, key: string) => ['idempotency-answer', accountId, key];
