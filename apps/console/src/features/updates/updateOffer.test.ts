import { describe, expect, it } from 'vitest';
import { parseUpdateOffer, shouldOffer } from './updateOffer.ts';

describe('parseUpdateOffer', () => {
  it('reads version, force flag, info and download address', () => {
    expect(parseUpdateOffer({ version: '0.2.0', force: 1, info: 'Faster starts', url: 'https://example.com/facet.deb' })).toEqual({
      version: '0.2.0',
      force: true,
      info: 'Faster starts',
      url: 'https://example.com/facet.deb',
    });
    expect(parseUpdateOffer({ version: ' 0.2.0 ' })).toEqual({ version: '0.2.0', force: false, info: '', url: null });
  });

  it('refuses pushes without a version, and addresses that are not web links', () => {
    expect(parseUpdateOffer(null)).toBeNull();
    expect(parseUpdateOffer({ force: true })).toBeNull();
    expect(parseUpdateOffer({ version: '' })).toBeNull();
    expect(parseUpdateOffer({ version: '1', url: 'file:///etc/passwd' })?.url).toBeNull();
  });
});

describe('shouldOffer', () => {
  it('skips only the version the person skipped, never a forced update', () => {
    const offer = { version: '0.2.0', force: false, info: '', url: null };
    expect(shouldOffer(offer, '0.2.0')).toBe(false);
    expect(shouldOffer(offer, '0.1.9')).toBe(true);
    expect(shouldOffer({ ...offer, force: true }, '0.2.0')).toBe(true);
  });
});
