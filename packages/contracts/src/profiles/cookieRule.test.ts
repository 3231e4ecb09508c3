import { describe, expect, it } from 'vitest';
import { checkCookie, COOKIE_EXPIRY_MAX, isCookieDomain, storedCookieSchema } from './cookieRule.ts';

const good = { domain: '.shop.example', name: 'sid', value: 'abc', path: '/', httpOnly: true, secure: true, sameSite: 'lax' };
const problem = (change: Record<string, unknown>) => {
  const checked = checkCookie({ ...good, ...change });
  return checked.ok ? null : checked.problem;
};

describe('the cookie rule', () => {
  it('takes what browsers hold every day, not only the grammar servers are asked to send', () => {
    expect(problem({})).toBeNull();
    // Chromium stores these (a site's PHP array name, a value with a comma and a space, quotes).
    expect(problem({ name: 'a[b]', value: 'x,y z' })).toBeNull();
    expect(problem({ value: '"quoted"' })).toBeNull();
    expect(problem({ name: '', value: 'nameless' })).toBeNull();
    expect(problem({ domain: 'shop.example' })).toBeNull();
    expect(problem({ domain: '127.0.0.1', path: '/cart' })).toBeNull();
    expect(problem({ domain: '[::1]' })).toBeNull();
    expect(problem({ domain: '.bücher.example' })).toBeNull();
    expect(problem({ domain: 'localhost' })).toBeNull();
    expect(problem({ expirationDate: COOKIE_EXPIRY_MAX })).toBeNull();
    expect(problem({ name: '__Host-sid', domain: 'shop.example' })).toBeNull();
  });

  it('refuses a CR/LF name and a javascript: domain, naming the field (issue 34)', () => {
    expect(problem({ name: 'a\r\nb' })).toEqual({ field: 'name', key: 'validation.cookie.name' });
    expect(problem({ domain: 'javascript:alert(1)' })).toEqual({ field: 'domain', key: 'validation.cookie.domain' });
  });

  it('refuses control characters, separators and blanks at the ends where a browser would', () => {
    expect(problem({ name: 'a;b' })).toEqual({ field: 'name', key: 'validation.cookie.name' });
    expect(problem({ name: 'a=b' })).toEqual({ field: 'name', key: 'validation.cookie.name' });
    expect(problem({ name: ' sid' })).toEqual({ field: 'name', key: 'validation.cookie.name' });
    expect(problem({ value: 'a\tb' })).toEqual({ field: 'value', key: 'validation.cookie.value' });
    expect(problem({ value: 'a\u0000b' })).toEqual({ field: 'value', key: 'validation.cookie.value' });
    expect(problem({ value: 'a;b' })).toEqual({ field: 'value', key: 'validation.cookie.value' });
    expect(problem({ name: '', value: '' })).toEqual({ field: 'name', key: 'validation.cookie.name' });
    expect(problem({ name: '', value: 'a=b' })).toEqual({ field: 'value', key: 'validation.cookie.value' });
    expect(problem({ value: 'x'.repeat(4094) })).toEqual({ field: 'value', key: 'validation.cookie.size' });
  });

  it('wants a real host name or address for the domain, and an absolute path', () => {
    for (const domain of ['', '.', 'a b', 'shop.example.', '.127.0.0.1', '1.2.3', 'http://shop.example', 'shop.example/x', '-shop.example', '[::1', `${'a'.repeat(64)}.example`]) {
      expect(isCookieDomain(domain), domain).toBe(false);
    }
    expect(problem({ path: 'cart' })).toEqual({ field: 'path', key: 'validation.cookie.path' });
    expect(problem({ path: '/a\nb' })).toEqual({ field: 'path', key: 'validation.cookie.path' });
  });

  it('wants a finite expiry within the dates browsers keep, and a known SameSite', () => {
    expect(problem({ expirationDate: 1e308 })).toEqual({ field: 'expirationDate', key: 'validation.cookie.expiry' });
    expect(problem({ expirationDate: -1 })).toEqual({ field: 'expirationDate', key: 'validation.cookie.expiry' });
    expect(problem({ expirationDate: Number.NaN })).toEqual({ field: 'expirationDate', key: 'validation.cookie.expiry' });
    expect(problem({ sameSite: 'None' })).toEqual({ field: 'sameSite', key: 'validation.cookie.sameSite' });
  });

  it('holds the __Secure- and __Host- prefixes to what they promise', () => {
    expect(problem({ name: '__Secure-sid', secure: false })).toEqual({ field: 'secure', key: 'validation.cookie.prefix' });
    expect(problem({ name: '__host-sid', domain: 'shop.example', secure: false })).toEqual({ field: 'secure', key: 'validation.cookie.prefix' });
    expect(problem({ name: '__Host-sid' })).toEqual({ field: 'domain', key: 'validation.cookie.prefix' });
    expect(problem({ name: '__Host-sid', domain: 'shop.example', path: '/cart' })).toEqual({ field: 'path', key: 'validation.cookie.prefix' });
  });

  it('reads back what older versions stored, so a start can skip it rather than fail', () => {
    const old = { ...good, name: 'a\r\nb', domain: 'javascript:alert(1)', expirationDate: 1e308, sameSite: 'bogus' };
    expect(storedCookieSchema.parse(old)).toEqual({ ...old, sameSite: 'unspecified' });
  });
});
