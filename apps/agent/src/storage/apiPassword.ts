import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/**
 * The local API's optional password, kept as `scrypt$<salt>$<hash>` (base64url): the settings
 * file never holds the password itself, which people tend to use elsewhere too.
 */
export function hashApiPassword(password: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64url')}$${scryptSync(password, salt, 32).toString('base64url')}`;
}

/**
 * Checks given passwords against one stored hash. scrypt takes tens of milliseconds on purpose;
 * a script sends the same password on every call, so the digest of the last one that matched is
 * remembered and compared in constant time instead of being hashed again.
 */
export function apiPasswordChecker(stored: string): (given: string) => boolean {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return () => false;
  const expected = Buffer.from(hash, 'base64url');
  let accepted: Buffer | null = null;
  return (given) => {
    const digest = createHash('sha256').update(given).digest();
    if (accepted && timingSafeEqual(accepted, digest)) return true;
    const actual = scryptSync(given, Buffer.from(salt, 'base64url'), expected.length);
    if (!timingSafeEqual(actual, expected)) return false;
    accepted = digest;
    return true;
  };
}
