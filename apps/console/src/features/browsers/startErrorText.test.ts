import { locales, lookup } from '@facet/i18n';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { startErrorText } from './startErrorText.ts';

async function tFor(tag: string) {
  const instance = i18next.createInstance();
  await instance.init({ lng: tag, fallbackLng: 'en-US', resources: { [tag]: { translation: locales[tag]! } }, interpolation: { escapeValue: false } });
  return instance.t;
}

describe('a failed start in words', () => {
  it('names the computer the profile is open on, and who opened it', async () => {
    const t = await tFor('en-US');
    const text = startErrorText(t, 'openElsewhere', { device: 'studio-mac', by: 'alice' });
    expect(text).toContain('studio-mac');
    expect(text).toContain('alice');
    expect(text).not.toContain('{{');
  });

  it('leaves no placeholder behind when the push did not say where', async () => {
    for (const tag of Object.keys(locales)) {
      const t = await tFor(tag);
      expect(startErrorText(t, 'openElsewhere'), tag).not.toContain('{{');
    }
  });

  it('gives the other reasons their own text', async () => {
    const t = await tFor('en-US');
    expect(startErrorText(t, 'syncUnavailable')).toBe(lookup(locales['en-US']!, 'startError.syncUnavailable'));
  });
});
