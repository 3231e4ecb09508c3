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
  // The fingerprint check's technical terms, as sites and detectors name them.
  ...['section.webrtc', 'section.dns', 'field.webgl', 'field.userAgent'].map((key) => `fingerprintCheck.${key}`),
  // A host's load as figures with their units.
  ...['cpu', 'cpuShort', 'memoryShort'].map((key) => `hosts.${key}`),
]);

/**
 * Whole texts that are the ordinary word in that language too (each checked by hand): they are
 * not missing translations, and listing them keeps the limit of three for everything else.
 */
const sameInLanguage: Record<string, string[]> = {
  vi: ['Proxy'],
  pt: ['Real', 'Cookies', 'Status', 'Console', 'Feedback', 'Proxies', 'Magenta', 'Hosts'],
  ja: ['OS'],
  it: ['No', 'Password', 'Browser', 'Account', 'Console', 'Feedback', 'Magenta', 'Online', 'Offline'],
  fr: ['Cookies', 'Console', 'Version {{version}}', 'Excellent', 'Contact', 'Contradictions', 'Type', 'Magenta', 'Orange', 'Cyan', 'Indigo', 'Actions'],
  es: ['No', 'Real', 'Cookies', 'Proxies', 'Magenta', 'Hosts'],
  de: ['Proxy', 'Browser', 'Cookies', 'Status', 'Version {{version}}', 'Feedback', 'Tags', 'Magenta', 'Orange', 'Gold', 'Cyan', 'Indigo', 'Hosts', 'Online', 'Offline', 'Name', 'Name (optional)'],
};

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
        const loanwords = sameInLanguage[tag] ?? [];
        const untranslated = englishKeys.filter((key) => {
          const text = lookup(english, key)!;
          return !sameEverywhere.has(key) && !loanwords.includes(text) && lookup(tree, key) === text;
        });
        // A handful may coincide (e.g. "Facet", "E-mail" in some languages); more means a missing translation.
        expect(untranslated.length, `${tag}: ${untranslated.slice(0, 10).join(', ')}`).toBeLessThanOrEqual(3);
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
