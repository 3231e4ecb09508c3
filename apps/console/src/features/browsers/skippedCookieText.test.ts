import { describe, expect, it } from 'vitest';
import { skippedCookieList } from './skippedCookieText.ts';

describe('skipped cookies in a notice', () => {
  it('shows a CR/LF in a name and a control character in a domain instead of breaking the line', () => {
    expect(skippedCookieList([
      { index: 1, name: 'a\r\nb', domain: 'shop.example', field: 'name' },
      { index: 2, name: 'sid', domain: 'java\nscript:alert(1)', field: 'domain' },
    ])).toBe('"a\\r\\nb" @ shop.example, "sid" @ java\uFFFDscript:alert(1)');
  });

  it('names the first ten and counts on the rest', () => {
    const many = Array.from({ length: 12 }, (_, index) => ({ index, name: `c${index}`, domain: 'shop.example', field: null }));
    expect(skippedCookieList(many).split(', ')).toHaveLength(11);
    expect(skippedCookieList(many).endsWith(', …')).toBe(true);
  });
});
