import { locales } from '@facet/i18n';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { storageAmount, storageUsageLabel } from './storageLabel.ts';

async function tFor(tag: string) {
  const instance = i18next.createInstance();
  await instance.init({ lng: tag, fallbackLng: 'en-US', resources: { [tag]: { translation: locales[tag]! } }, interpolation: { escapeValue: false } });
  return instance.t;
}

const GB = 1024 ** 3;

describe('plan storage in words', () => {
  it('formats bytes in the console language and -1 as unlimited', async () => {
    const t = await tFor('en-US');
    expect(storageAmount(5 * GB, t, 'en-US')).toBe('5 GB');
    expect(storageAmount(-1, t, 'en-US')).toBe('Unlimited');
    expect(storageAmount('-1', t, 'en-US')).toBe('Unlimited');
  });

  it('reads used of limit', async () => {
    const t = await tFor('en-US');
    expect(storageUsageLabel(1.5 * GB, 5 * GB, t, 'en-US')).toBe('1.5 GB / 5 GB');
    expect(storageUsageLabel('0', '-1', t, 'en-US')).toBe('0 kB / Unlimited');
    const de = await tFor('de');
    expect(storageUsageLabel(1.5 * GB, -1, de, 'de').replace(/\s/g, ' ')).toBe(`1,5 GB / ${de('plan.unlimited')}`);
  });
});
