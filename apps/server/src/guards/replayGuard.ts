import { limits } from '@facet/contracts';
import type { Clock } from '../clock.ts';
import { RecentSignatures } from './recentSignatures.ts';

/**
 * Where accepted signatures are remembered. The SQL store is repositories/seenSignatures.ts;
 * with REDIS_URL, sharedState/redisSignatureStore.ts (one `SET signature 1 NX PX ttl`).
 */
export interface SignatureStore {
  /** True when `signature` was not remembered at `now`; it is then remembered until `expiresAt`. Atomic. */
  remember(signature: string, now: number, expiresAt: number): Promise<boolean>;
  /** Housekeeping: forgets up to `limit` expired signatures and says how many. */
  deleteExpired(now: number, limit: number): Promise<number>;
}

/**
 * Read signatures kept in memory, at most. 600 s of reads at 160 a second; each costs about
 * 130 bytes, so the whole is about 13 MB.
 */
const READ_SIGNATURES_KEPT = 100_000;

/**
 * Remembers every accepted signature for twice the timestamp window, so a signed request
 * cannot be sent twice. Signatures older than the window are refused by the timestamp check,
 * so nothing older needs remembering.
 *
 * A call that changes something is remembered in the shared store, so it is refused again
 * after a restart and by another server on the same database or Redis. A read is remembered in
 * this process only: whoever holds a captured read can make it afresh with the session token it
 * carries (or its cookie), so a shared record would protect nothing, and writing it cost every
 * read a database write: a sixth of the list call's CPU on SQLite (docs/benchmarks.md).
 */
export class ReplayGuard {
  private readonly retainMs = limits.signatureWindowSeconds * 2 * 1000;
  private readonly reads = new RecentSignatures(this.retainMs, READ_SIGNATURES_KEPT);

  constructor(
    private readonly store: SignatureStore,
    private readonly clock: Clock,
  ) {}

  /** True the first time a change's signature is offered, false for every repeat, on any server. */
  accept(signature: string): Promise<boolean> {
    const now = this.clock.now();
    return this.store.remember(signature, now, now + this.retainMs);
  }

  /** True the first time a read's signature reaches this process, false for every repeat. */
  acceptRead(signature: string): boolean {
    return this.reads.remember(signature, this.clock.now());
  }
}
