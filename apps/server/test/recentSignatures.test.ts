import { describe, expect, it } from 'vitest';
import { RecentSignatures } from '../src/guards/recentSignatures.ts';

const now = 1_800_000_000_000;

describe('RecentSignatures', () => {
  it('accepts a signature once while it is kept, and again once it has expired', () => {
    const kept = new RecentSignatures(600_000, 10);
    expect(kept.remember('a', now)).toBe(true);
    expect(kept.remember('a', now + 1)).toBe(false);
    expect(kept.remember('a', now + 599_999)).toBe(false);
    expect(kept.remember('a', now + 600_000)).toBe(true);
  });

  it('forgets expired signatures as time passes, not only the one asked about', () => {
    const kept = new RecentSignatures(1_000, 10);
    for (let i = 0; i < 5; i++) kept.remember(`old ${i}`, now + i);
    expect(kept.size).toBe(5);
    kept.remember('new', now + 1_003);
    // The four first seen at now…now+3 have expired; "old 4" and "new" remain.
    expect(kept.size).toBe(2);
    expect(kept.remember('old 4', now + 1_003)).toBe(false);
  });

  it('keeps at most its capacity, forgetting the oldest first', () => {
    const kept = new RecentSignatures(600_000, 3);
    for (const signature of ['a', 'b', 'c', 'd']) expect(kept.remember(signature, now)).toBe(true);
    expect(kept.size).toBe(3);
    expect(kept.remember('d', now)).toBe(false);
    expect(kept.remember('b', now)).toBe(false);
    expect(kept.remember('a', now)).toBe(true);
  });

  it('still refuses a live signature after the clock was set back', () => {
    const kept = new RecentSignatures(1_000, 10);
    kept.remember('early', now + 5_000);
    kept.remember('late', now);
    // "early" sits before "late" and has not expired at now + 1_500, while "late" has.
    expect(kept.remember('late', now + 1_500)).toBe(true);
    expect(kept.remember('early', now + 1_500)).toBe(false);
  });
});
