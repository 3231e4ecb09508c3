import { limits } from '@facet/contracts';
import type { Clock } from '../clock.ts';

/**
 * Remembers every accepted signature for twice the timestamp window, so a captured request
 * cannot be resent. Signatures older than the window are refused by the timestamp check, so
 * nothing older needs remembering. Per process, like the rate limiter.
 */
export class ReplayGuard {
  private readonly seen = new Map<string, number>();
  private readonly retainMs = limits.signatureWindowSeconds * 2 * 1000;

  constructor(
    private readonly clock: Clock,
    private readonly capacity = 2_000_000,
  ) {}

  /** True the first time a signature is offered, false for every repeat. */
  accept(signature: string): boolean {
    const now = this.clock.now();
    this.evict(now);
    if (this.seen.has(signature)) return false;
    this.seen.set(signature, now + this.retainMs);
    return true;
  }

  private evict(now: number): void {
    // Map keeps insertion order, and expiry grows with insertion time: expired ones lead.
    for (const [signature, expiresAt] of this.seen) {
      if (expiresAt > now && this.seen.size < this.capacity) break;
      this.seen.delete(signature);
    }
  }
}
