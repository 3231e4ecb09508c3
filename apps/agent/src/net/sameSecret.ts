import { timingSafeEqual } from 'node:crypto';

/**
 * Whether a presented secret (a key, a token, a path's secret) is the expected one, compared in
 * constant time so it cannot be guessed byte by byte from how long a refusal takes.
 */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
