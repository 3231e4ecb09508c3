import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256, sha256, toHex } from './sha256.ts';
import { computeSignature, signRequest, signaturesEqual } from './sign.ts';
import { base64Decode, base64Encode, decodePayload, encodePayload, utf8Decode, utf8Encode } from './utf8.ts';

describe('sha256 and hmac in plain TypeScript', () => {
  it('match node:crypto on inputs of every length around the block boundaries', () => {
    for (const length of [0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 1000, 5000]) {
      const input = randomBytes(length);
      expect(toHex(sha256(input))).toBe(createHash('sha256').update(input).digest('hex'));
      const key = randomBytes(length % 3 === 0 ? 100 : 32);
      expect(toHex(hmacSha256(key, input))).toBe(createHmac('sha256', key).update(input).digest('hex'));
    }
  });

  it('gives the FIPS 180-2 test vector for "abc"', () => {
    expect(toHex(sha256(utf8Encode('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('utf-8 and base64 without platform helpers', () => {
  it('match Buffer for mixed scripts and emoji', () => {
    for (const text of ['', 'a', 'héllo', '简体中文', 'Tiếng Việt', 'Русский', '日本語', '🧭 facet 😀', 'x'.repeat(1001)]) {
      expect(Buffer.from(utf8Encode(text)).equals(Buffer.from(text, 'utf8'))).toBe(true);
      expect(utf8Decode(Buffer.from(text, 'utf8'))).toBe(text);
      expect(base64Encode(utf8Encode(text))).toBe(Buffer.from(text, 'utf8').toString('base64'));
      expect(utf8Decode(base64Decode(Buffer.from(text).toString('base64')))).toBe(text);
    }
  });

  it('refuse malformed base64 and utf-8 instead of guessing', () => {
    expect(() => base64Decode('abc')).toThrow();
    expect(() => base64Decode('ab$=')).toThrow();
    expect(() => utf8Decode(Uint8Array.from([0xc3]))).toThrow();
    expect(() => utf8Decode(Uint8Array.from([0xe2, 0x28, 0xa1]))).toThrow();
    expect(() => utf8Decode(Uint8Array.from([0xc0, 0x80]))).toThrow(); // overlong
  });

  it('round-trip JSON payloads', () => {
    const payload = { account: 'ü@example.test', n: 5, nested: { list: [1, '二'] } };
    expect(decodePayload(encodePayload(payload))).toEqual(payload);
  });
});

describe('request signing', () => {
  const base = { key: 'k', path: '/v2/web/login', auth: '', lang: 0, payload: { a: 1 }, nonce: 'abcdef0123', now: 1_700_000_000_000 };

  it('signs every field: changing any one changes the signature', () => {
    const signed = signRequest(base);
    expect(signed.sign).toMatch(/^[0-9a-f]{64}$/);
    const variants = [
      { ...base, key: 'other' },
      { ...base, path: '/v2/web/member' },
      { ...base, auth: 's_x' },
      { ...base, lang: 1 },
      { ...base, payload: { a: 2 } },
      { ...base, nonce: 'abcdef0124' },
      { ...base, now: base.now + 1 },
    ];
    for (const variant of variants) expect(signRequest(variant).sign).not.toBe(signed.sign);
  });

  it('verifies with computeSignature and compares safely', () => {
    const signed = signRequest(base);
    expect(computeSignature('k', base.path, signed)).toBe(signed.sign);
    expect(signaturesEqual(signed.sign, signed.sign)).toBe(true);
    expect(signaturesEqual(signed.sign, signed.sign.replace(/.$/, (c) => (c === '0' ? '1' : '0')))).toBe(false);
    expect(signaturesEqual(signed.sign, signed.sign.slice(1))).toBe(false);
  });
});
