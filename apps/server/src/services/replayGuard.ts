import { limits } from '@facet/contracts';
import type { Clock } from '../clock.ts';

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
 * Remembers every accepted signature for twice the timestamp window, so a captured request
 * cannot be resent, not even after a restart or to another server on the same database.
 * Signatures older than the window are refused by the timestamp check, so nothing older needs
 * remembering.
 */
export class ReplayGuard {
  private readonly retainMs = limits.signatureWindowSeconds * 2 * 1000;

  constructor(
    private readonly store: SignatureStore,
    private readonly clock: Clock,
  ) {}

  /** True the first time a signature is offered, false for every repeat. */
  accept(signature: string): Promise<boolean> {
    const now = this.clock.now();
    return this.store.remember(signature, now, now + this.retainMs);
  }
}
