import { synchronizerOptionsSchema } from '@facet/contracts';
import { locales, lookup } from '@facet/i18n';
import { describe, expect, it } from 'vitest';
import { initialOptionValues, synchronizerOptionFields } from './synchronizerOptionFields.ts';

describe('synchronizerOptionFields', () => {
  it('start from the contract’s defaults', () => {
    expect(initialOptionValues).toEqual(synchronizerOptionsSchema.parse({}));
  });

  it('allow up to the contract’s bounds and not beyond', () => {
    for (const field of synchronizerOptionFields) {
      // The widest delay range, so a bound of one field is never refused for the order of the two.
      const at = { ...initialOptionValues, minDelayMs: 0, maxDelayMs: 5_000, [field.name]: field.max };
      expect(synchronizerOptionsSchema.safeParse(at).success, field.name).toBe(true);
      expect(synchronizerOptionsSchema.safeParse({ ...at, [field.name]: field.max + 1 }).success, field.name).toBe(false);
    }
  });

  it('name each field in English (the parity test holds the other nine to it)', () => {
    for (const field of synchronizerOptionFields) expect(lookup(locales['en-US']!, field.labelKey), field.name).toBeTruthy();
  });
});
