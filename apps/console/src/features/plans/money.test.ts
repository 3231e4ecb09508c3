import { describe, expect, it } from 'vitest';
import { formatAmount, qrExpiresAt } from './money.ts';

describe('formatAmount', () => {
  it('turns cents into units behind the symbol', () => {
    expect(formatAmount(999, '$', 'en-US')).toBe('$9.99');
    expect(formatAmount(2997, '€', 'de')).toBe('€29,97');
    expect(formatAmount(0, '$', 'en-US')).toBe('$0.00');
  });
});

describe('qrExpiresAt', () => {
  it('takes 10 % off the time the order has left', () => {
    expect(qrExpiresAt(1_000, 11_000)).toBe(10_000);
    expect(qrExpiresAt(0, 600_000)).toBe(540_000);
  });
});
