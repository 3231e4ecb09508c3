import { createHmac } from 'node:crypto';
import { signatureBase, type UnsignedRequest } from '@facet/contracts';

/**
 * The signature a request should carry, by node:crypto. The contracts' own HMAC is plain
 * TypeScript so the console can sign where `crypto.subtle` is missing; the server checks every
 * call with it, and node's is several times cheaper. Both hash the same base in UTF-8 (a lone
 * surrogate as U+FFFD), which requestSignature.test.ts holds them to.
 */
export function requestSignature(key: string, path: string, request: UnsignedRequest): string {
  return createHmac('sha256', key).update(signatureBase(path, request), 'utf8').digest('hex');
}
