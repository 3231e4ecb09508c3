import { describe, expect, it } from 'vitest';
import {
  isDnsServer,
  parsePortWhitelist,
  parseProxyLine,
  validateBindEmail,
  validateCaptcha,
  validateCount,
  validateEmail,
  validateEmailCode,
  validateFeedbackContact,
  validateFeedbackContent,
  validateFeedbackScore,
  validateNewPassword,
  validatePasswordsMatch,
  validatePhone,
  validatePhoneCode,
  validatePluginIcon,
  validatePluginPackage,
  validatePositiveInteger,
  validateShareTargets,
  validateSortValue,
  validateUsername,
} from './validation.ts';

describe('spec §5 rules', () => {
  it('e-mail: word characters, dashes or dots before @, a suffix of at least 2 letters', () => {
    expect(validateEmail('')).toBe('validation.email.required');
    for (const ok of ['a@b.co', 'first.last-x@mail.example.org', 'A_1@sub-domain.io']) expect(validateEmail(ok)).toBeNull();
    for (const bad of ['a@b', 'a@b.c', 'a b@c.de', '@c.de', 'a@@c.de', 'a@c.d3']) expect(validateEmail(bad)).toBe('validation.email.format');
    expect(validateBindEmail(`${'a'.repeat(35)}@b.com`)).toBe('validation.email.format');
  });

  it('phone: 11 digits starting with 1', () => {
    expect(validatePhone('')).toBe('validation.phone.required');
    expect(validatePhone('13800138000')).toBeNull();
    for (const bad of ['23800138000', '1380013800', '138001380001', '1380013800a']) expect(validatePhone(bad)).toBe('validation.phone.format');
  });

  it('username: 4 to 20 characters, any script, never "@"', () => {
    expect(validateUsername('abc')).toBe('validation.username.length');
    expect(validateUsername('abcd')).toBeNull();
    expect(validateUsername('用户名字')).toBeNull();
    expect(validateUsername('a'.repeat(20))).toBeNull();
    expect(validateUsername('a'.repeat(21))).toBe('validation.username.length');
    expect(validateUsername('a@bcd')).toBe('validation.username.characters');
    expect(validateUsername('ab cd')).toBe('validation.username.characters');
  });

  it('passwords: 8 to 64 for new ones; two must match', () => {
    expect(validateNewPassword('')).toBe('validation.password.required');
    expect(validateNewPassword('1234567')).toBe('validation.password.length');
    expect(validateNewPassword('12345678')).toBeNull();
    expect(validateNewPassword('x'.repeat(64))).toBeNull();
    expect(validateNewPassword('x'.repeat(65))).toBe('validation.password.length');
    expect(validatePasswordsMatch('a', 'a')).toBeNull();
    expect(validatePasswordsMatch('a', 'b')).toBe('validation.password.mismatch');
  });

  it('captcha 4 characters; phone code 4; e-mail code at most 6', () => {
    expect(validateCaptcha('abc')).toBe('validation.captcha.length');
    expect(validateCaptcha('abcd')).toBeNull();
    expect(validatePhoneCode('123')).toBe('validation.code.length');
    expect(validatePhoneCode('1234')).toBeNull();
    expect(validateEmailCode('')).toBe('validation.code.required');
    expect(validateEmailCode('123456')).toBeNull();
    expect(validateEmailCode('1234567')).toBe('validation.code.length');
  });

  it('feedback: content required up to 500, contacts up to 30, score 1-5', () => {
    expect(validateFeedbackContent(' ')).toBe('validation.feedback.required');
    expect(validateFeedbackContent('x'.repeat(500))).toBeNull();
    expect(validateFeedbackContent('x'.repeat(501))).toBe('validation.feedback.tooLong');
    expect(validateFeedbackContact('')).toBeNull();
    expect(validateFeedbackContact('x'.repeat(31))).toBe('validation.feedback.contactTooLong');
    expect([0, 1, 5, 6, 2.5].map(validateFeedbackScore)).toEqual(['validation.feedback.score', null, null, 'validation.feedback.score', 'validation.feedback.score']);
  });

  it('counts, positive integers, share targets and sort values', () => {
    expect([-1, 1, 500].map(validateCount)).toEqual([null, null, null]);
    expect([0, -2, 1.5].map(validateCount)).toEqual(['validation.count', 'validation.count', 'validation.count']);
    expect(validatePositiveInteger('3')).toBeNull();
    expect(validatePositiveInteger('0')).toBe('validation.positiveInteger');
    expect(validateShareTargets([])).toBe('validation.share.empty');
    expect(validateShareTargets(Array.from({ length: 100 }, String))).toBeNull();
    expect(validateShareTargets(Array.from({ length: 101 }, String))).toBe('validation.share.tooMany');
    expect(validateSortValue('12')).toBeNull();
    expect(validateSortValue('x')).toBe('validation.sortValue');
  });

  it('plugin icon and package limits', () => {
    const icon = { bytes: 1000, width: 64, height: 64, mime: 'image/png' };
    expect(validatePluginIcon(icon)).toBeNull();
    expect(validatePluginIcon({ ...icon, mime: 'image/gif' })).toBe('validation.pluginIcon.type');
    expect(validatePluginIcon({ ...icon, bytes: 1024 * 1024 + 1 })).toBe('error.imageTooLarge');
    expect(validatePluginIcon({ ...icon, width: 59, height: 59 })).toBe('validation.pluginIcon.small');
    expect(validatePluginIcon({ ...icon, width: 80 })).toBe('validation.pluginIcon.ratio');
    expect(validatePluginPackage({ name: 'a.zip', bytes: 20 * 1024 * 1024 })).toBeNull();
    expect(validatePluginPackage({ name: 'a.crx', bytes: 10 })).toBe('validation.pluginPackage.type');
    expect(validatePluginPackage({ name: 'a.zip', bytes: 20 * 1024 * 1024 + 1 })).toBe('error.packageTooLarge');
  });

  it('DNS servers: addresses, with a port where needed', () => {
    for (const good of ['1.1.1.1', '127.0.0.1:5353', '2606:4700:4700::1111', '::1', '[::1]:53']) expect(isDnsServer(good), good).toBe(true);
    for (const bad of ['1.1.1', '256.1.1.1', '1.1.1.1:0', '1.1.1.1:70000', 'dns.google', '[::1]:x', '1.1.1.1:53:53', '']) expect(isDnsServer(bad), bad).toBe(false);
  });

  it('port whitelist and proxy paste', () => {
    expect(parsePortWhitelist('8000, 12345, 42069')).toEqual({ ports: [8000, 12345, 42069], error: null });
    expect(parsePortWhitelist('')).toEqual({ ports: [], error: null });
    expect(parsePortWhitelist('80, 0').error).toBe('validation.portWhitelist');
    expect(parseProxyLine('1.2.3.4:8080:user:pass').proxy).toEqual({ host: '1.2.3.4', port: 8080, user: 'user', password: 'pass' });
    expect(parseProxyLine('socks5://u:p%40ss@proxy.example:1080').proxy).toEqual({ scheme: 'socks5', host: 'proxy.example', port: 1080, user: 'u', password: 'p@ss' });
    expect(parseProxyLine('1.2.3.4:99999').error).toBe('validation.proxy.port');
    expect(parseProxyLine('1.2.3.4:80:user').error).toBe('validation.proxy.format');
    expect(parseProxyLine('').error).toBe('validation.proxy.empty');
  });
});
