import { describe, expect, it } from 'vitest';
import { flattenKeys, locales, lookup, placeholders, translate } from './index.ts';

const english = locales['en-US']!;
const englishKeys = flattenKeys(english).sort();
const others = Object.keys(locales).filter((tag) => tag !== 'en-US');

/** Strings that are the same in every language: names, and technical terms UIs keep as-is. */
const sameEverywhere = new Set([
  'app.name',
  'common.ok',
  ...['windows', 'macos', 'linux', 'android', 'ios'].map((os) => `profiles.os.${os}`),
  ...['http', 'https', 'socks5'].map((type) => `profiles.proxy.types.${type}`),
  ...['canvas', 'webrtc', 'ssl', 'gigabytes'].map((term) => `profiles.fp.${term}`),
  'profiles.kernelLabel',
  // Messenger names: brands, written as their makers write them.
  ...['wechat', 'qq', 'telegram', 'whatsapp', 'skype', 'line'].map((kind) => `contact.kinds.${kind}`),
  'feedback.wechat',
  'feedback.skype',
]);

describe('locale files', () => {
  it('come in ten languages', () => {
    expect(Object.keys(locales).sort()).toEqual(['de', 'en-US', 'es', 'fr', 'it', 'ja', 'pt', 'ru', 'vi', 'zh-CN']);
  });

  for (const tag of others) {
    describe(tag, () => {
      const tree = locales[tag]!;

      it('has exactly the English keys', () => {
        expect(flattenKeys(tree).sort()).toEqual(englishKeys);
      });

      it('keeps every {{placeholder}} of the English text', () => {
        for (const key of englishKeys) expect(placeholders(lookup(tree, key) ?? ''), `${tag} ${key}`).toEqual(placeholders(lookup(english, key)!));
      });

      it('leaves no English behind', () => {
        const untranslated = englishKeys.filter((key) => !sameEverywhere.has(key) && lookup(tree, key) === lookup(english, key));
        // A few words are the same in the language ("Cookies", "Feedback", "Version", "E-mail"):
        // one in a hundred keys may coincide; more means a missing translation.
        expect(untranslated.length, `${tag}: ${untranslated.slice(0, 12).join(', ')}`).toBeLessThanOrEqual(Math.ceil(englishKeys.length / 100));
      });
    });
  }
});

describe('translate', () => {
  it('interpolates and falls back to English, then to the key', () => {
    expect(translate('en-US', 'code.rateLimited', { seconds: 7 })).toContain('7');
    expect(translate('xx', 'common.cancel')).toBe('Cancel');
    expect(translate('en-US', 'no.such.key')).toBe('no.such.key');
  });
});
