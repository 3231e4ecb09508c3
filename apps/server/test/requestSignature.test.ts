import { randomBytes } from 'node:crypto';
import { computeSignature, encodePayload, type UnsignedRequest } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { requestSignature } from '../src/calls/requestSignature.ts';

// The server checks signatures with node:crypto; clients sign with the contracts' own HMAC.
// Any text a client can send must give both the same signature.
describe('the server’s signature check', () => {
  const texts = ['', 'plain', 'Grüße', '日本語のプロフィール', 'emoji 🧭🦊', 'lone \ud800 surrogate', 'trailing \udc00', 'mixed \ud83e\udded and \ud83e', 'x'.repeat(5000)];

  it('agrees with the contracts’ HMAC on every kind of text', () => {
    for (const text of texts) {
      const request: UnsignedRequest = { auth: `s_${text}`, lang: 3, timestamp: 1_800_000_000_000, nonce: `nonce-${text}`, data: encodePayload({ search: text }) };
      const key = randomBytes(24).toString('base64url');
      expect(requestSignature(key, `/v2/web/profile/list`, request)).toBe(computeSignature(key, '/v2/web/profile/list', request));
    }
  });

  it('differs when any signed field differs', () => {
    const request: UnsignedRequest = { auth: 's_a', lang: 0, timestamp: 1, nonce: 'nonce-0001', data: encodePayload({}) };
    const base = requestSignature('key', '/v2/web/member', request);
    expect(requestSignature('key', '/v2/web/member', { ...request, nonce: 'nonce-0002' })).not.toBe(base);
    expect(requestSignature('key', '/v2/web/members', request)).not.toBe(base);
    expect(requestSignature('kez', '/v2/web/member', request)).not.toBe(base);
  });
});
