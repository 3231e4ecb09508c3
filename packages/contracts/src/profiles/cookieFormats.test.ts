import { describe, expect, it } from 'vitest';
import { cookiesToJson, cookiesToNetscape, parseCookieText } from './cookieFormats.ts';

const extensionExport = JSON.stringify([
  { domain: '.example.com', expirationDate: 1893456000.5, hostOnly: false, httpOnly: true, name: 'sid', path: '/', sameSite: 'no_restriction', secure: true, session: false, storeId: '0', value: 'abc' },
  { domain: 'shop.example.com', hostOnly: true, httpOnly: false, name: 'cart', path: '/cart', sameSite: 'Lax', secure: false, session: true, value: '1' },
]);

describe('cookie files', () => {
  it('reads the extensions\' JSON, and writes it back the same', () => {
    const parsed = parseCookieText(extensionExport);
    expect(parsed).toEqual({
      ok: true,
      cookies: [
        { domain: '.example.com', name: 'sid', value: 'abc', path: '/', expirationDate: 1893456000.5, httpOnly: true, secure: true, sameSite: 'no_restriction' },
        { domain: 'shop.example.com', name: 'cart', value: '1', path: '/cart', httpOnly: false, secure: false, sameSite: 'lax' },
      ],
    });
    if (!parsed.ok) return;
    expect(parseCookieText(cookiesToJson(parsed.cookies))).toEqual(parsed);
  });

  it('reads and writes Netscape cookies.txt, HttpOnly lines included', () => {
    const text = '# Netscape HTTP Cookie File\n\n#HttpOnly_.example.com\tTRUE\t/\tTRUE\t1893456000\tsid\tabc\nshop.example.com\tFALSE\t/cart\tFALSE\t0\tcart\t1\n';
    const parsed = parseCookieText(text);
    expect(parsed.ok && parsed.cookies.map((c) => [c.domain, c.name, c.httpOnly, c.secure, c.expirationDate])).toEqual([
      ['.example.com', 'sid', true, true, 1893456000],
      ['shop.example.com', 'cart', false, false, undefined],
    ]);
    if (parsed.ok) expect(parseCookieText(cookiesToNetscape(parsed.cookies))).toEqual(parsed);
  });

  it('names the row that is wrong', () => {
    expect(parseCookieText('a.com\tFALSE\t/\tFALSE\t0\tok\t1\nb.com\tFALSE\t/\tFALSE\n')).toEqual({ ok: false, row: 2, key: 'cookies.badLine' });
    expect(parseCookieText('a.com\tFALSE\t/\tFALSE\tsoon\tn\tv')).toEqual({ ok: false, row: 1, key: 'cookies.badExpiry' });
    expect(parseCookieText(JSON.stringify([{ domain: 'a.com', name: 'n', value: 'v' }, { name: 'no domain', value: 'v' }]))).toEqual({ ok: false, row: 2, key: 'validation.cookie.domain', field: 'domain' });
    expect(parseCookieText(JSON.stringify([{ domain: 'a.com', name: 'n', value: 'v' }, 'not a cookie']))).toEqual({ ok: false, row: 2, key: 'cookies.badCookie' });
    expect(parseCookieText('[not json')).toEqual({ ok: false, row: 0, key: 'cookies.badJson' });
    expect(parseCookieText('  ')).toEqual({ ok: false, row: 0, key: 'cookies.empty' });
  });

  it('refuses, by the cookie rule, a row a browser would refuse: its row, field and why', () => {
    // Issue 34: a name with CR/LF and a domain `javascript:alert(1)` made every start fail.
    expect(parseCookieText(JSON.stringify([{ domain: '.shop.example', name: 'sid', value: '1' }, { domain: '.shop.example', name: 'a\r\nb', value: '1' }]))).toEqual({ ok: false, row: 2, key: 'validation.cookie.name', field: 'name' });
    expect(parseCookieText(JSON.stringify([{ domain: 'javascript:alert(1)', name: 'sid', value: '1' }]))).toEqual({ ok: false, row: 1, key: 'validation.cookie.domain', field: 'domain' });
    expect(parseCookieText('# Netscape HTTP Cookie File\n.shop.example\tTRUE\t/\tFALSE\t0\tsid\t1\nshop.example\tFALSE\tcart\tFALSE\t0\tcart\t1\n')).toEqual({ ok: false, row: 3, key: 'validation.cookie.path', field: 'path' });
    expect(parseCookieText('shop.example\tFALSE\t/\tFALSE\t1e308\tsid\t1')).toEqual({ ok: false, row: 1, key: 'validation.cookie.expiry', field: 'expirationDate' });
  });
});
