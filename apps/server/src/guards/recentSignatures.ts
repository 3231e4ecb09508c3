/**
 * Signatures this process accepted lately, kept in memory: the replay guard's memory for calls
 * that change nothing (guards/replayGuard.ts says why those need no shared store).
 *
 * Each signature is kept for the same `retainMs` from when it was first seen, so the map's
 * insertion order is the order of expiry and forgetting is a walk from its front. At most
 * `capacity` are kept: above it, the oldest go early, which at worst lets a read be resent and
 * answered again — never a change made twice, and never memory without bound.
 */
export class RecentSignatures {
  private readonly expiries = new Map<string, number>();

  constructor(
    private readonly retainMs: number,
    private readonly capacity: number,
  ) {}

  /** True when `signature` was not kept at `now`; it is then kept. */
  remember(signature: string, now: number): boolean {
    this.forgetExpired(now);
    const expiry = this.expiries.get(signature);
    // A clock set back can leave an expired entry behind a live one: it still counts as gone.
    if (expiry !== undefined && expiry > now) return false;
    this.expiries.delete(signature);
    this.expiries.set(signature, now + this.retainMs);
    if (this.expiries.size > this.capacity) this.expiries.delete(this.expiries.keys().next().value as string);
    return true;
  }

  get size(): number {
    return this.expiries.size;
  }

  private forgetExpired(now: number): void {
    for (const [signature, expiry] of this.expiries) {
      if (expiry > now) return;
      this.expiries.delete(signature);
    }
  }
}
