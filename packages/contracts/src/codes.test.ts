import { flattenKeys, locales } from '@facet/i18n';
import { describe, expect, it } from 'vitest';
import { Code, clientMessageKey, codeMessageKey, messageKeyForCode } from './codes.ts';
import { languages, resolveLanguage } from './languages.ts';

const english = new Set(flattenKeys(locales['en-US']!));

describe('codes and languages', () => {
  it('gives every code a distinct number and a message that exists', () => {
    const values = Object.values(Code);
    expect(new Set(values).size).toBe(values.length);
    for (const code of values) expect(english.has(codeMessageKey[code]), `code ${code}`).toBe(true);
    for (const key of Object.values(clientMessageKey)) expect(english.has(key), key).toBe(true);
  });

  it('keeps the spec §8 numbers', () => {
    expect([Code.OK, Code.SESSION_EXPIRED, Code.FORCED_LOGOUT, Code.PAYMENT_SUCCEEDED, Code.PAYMENT_FAILED, Code.WRONG_CREDENTIALS, Code.ACCOUNT_DISABLED]).toEqual([0, 886, 887, 888, 889, 2122, 2133]);
    expect(messageKeyForCode(123456)).toBe('error.unknown');
  });

  it('has the language table of spec §9, with a locale file for each', () => {
    expect(languages.map((l) => `${l.code}:${l.tag}`)).toEqual(['0:en-US', '1:zh-CN', '2:vi', '3:ru', '4:pt', '5:ja', '6:it', '7:fr', '8:es', '9:de']);
    for (const l of languages) expect(locales[l.tag], l.tag).toBeDefined();
    expect(resolveLanguage(9).tag).toBe('de');
    expect(resolveLanguage('5').tag).toBe('ja');
    expect(resolveLanguage('zh-CN').tag).toBe('zh-CN');
    expect(resolveLanguage('pt-BR').tag).toBe('pt');
    expect(resolveLanguage('xx').tag).toBe('en-US');
  });
});
