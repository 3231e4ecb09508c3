import { describe, expect, it } from 'vitest';
import { normaliseStartPage } from './startPage.ts';

describe('a start page', () => {
  it('is a web address, or Chromium\'s own page, or empty', () => {
    expect(normaliseStartPage('')).toBe('');
    expect(normaliseStartPage('  https://shop.example/login ')).toBe('https://shop.example/login');
    expect(normaliseStartPage('shop.example/login')).toBe('https://shop.example/login');
    expect(normaliseStartPage('127.0.0.1:8080/check')).toBe('https://127.0.0.1:8080/check');
    expect(normaliseStartPage('http://localhost:3000')).toBe('http://localhost:3000');
    expect(normaliseStartPage('about:blank')).toBe('about:blank');
    expect(normaliseStartPage('chrome://version')).toBe('chrome://version');
    expect(normaliseStartPage('facet:check')).toBe('facet:check');
    expect(normaliseStartPage('facet:ip')).toBe('facet:ip');
  });

  it('is refused when it is no address a browser opens', () => {
    for (const bad of ['not a url', 'javascript:alert(1)', 'file:///etc/passwd', 'https://', 'shop', 'ftp://files.example', 'facet:other']) expect(normaliseStartPage(bad), bad).toBeNull();
  });
});
