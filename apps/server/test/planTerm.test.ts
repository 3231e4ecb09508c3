import { describe, expect, it } from 'vitest';
import { MONTH_MS, nextExpiry, orderKind } from '../src/services/planTerm.ts';

const now = 1_800_000_000_000;

describe('nextExpiry', () => {
  it('starts a first plan at payment', () => {
    expect(nextExpiry({ planId: null, expiresAt: null, monthlyPrice: null }, { planId: 'pro', months: 3, monthlyPrice: 999 }, now)).toBe(now + 3 * MONTH_MS);
  });

  it('adds a renewal after the current end, or after now once that passed', () => {
    const current = { planId: 'pro', expiresAt: now + 10 * 86_400_000, monthlyPrice: 999 };
    expect(nextExpiry(current, { planId: 'pro', months: 1, monthlyPrice: 999 }, now)).toBe(current.expiresAt + MONTH_MS);
    expect(nextExpiry({ ...current, expiresAt: now - 5 }, { planId: 'pro', months: 1, monthlyPrice: 999 }, now)).toBe(now + MONTH_MS);
  });

  it('carries unused time over to a changed plan at the ratio of the prices', () => {
    const current = { planId: 'basic', expiresAt: now + MONTH_MS, monthlyPrice: 500 };
    // A month of a plan half the price is worth half a month of the new one.
    expect(nextExpiry(current, { planId: 'pro', months: 1, monthlyPrice: 1000 }, now)).toBe(now + MONTH_MS + MONTH_MS / 2);
    // An expired plan carries nothing.
    expect(nextExpiry({ ...current, expiresAt: now - 1 }, { planId: 'pro', months: 1, monthlyPrice: 1000 }, now)).toBe(now + MONTH_MS);
  });

  it('names the order kind from the plan in force', () => {
    expect(orderKind({ planId: null, expiresAt: null, monthlyPrice: null }, 'pro')).toBe('purchase');
    expect(orderKind({ planId: 'pro', expiresAt: now - 1, monthlyPrice: 1 }, 'pro')).toBe('renew');
    expect(orderKind({ planId: 'pro', expiresAt: now, monthlyPrice: 1 }, 'basic')).toBe('change');
  });
});
