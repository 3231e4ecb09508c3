import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 random bits, URL-safe: session tokens, refresh credentials, API tokens. */
export function newSecretToken(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

/**
 * Tokens are stored as their SHA-256: they carry 256 bits of entropy, so a fast hash is enough
 * (unlike passwords) and lookup by hash stays an index seek.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

/** Digits only, uniformly random. */
export function newNumericCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

/** Upper-case letters and digits without the look-alikes 0/O and 1/I. */
export function newInvitationCode(length = 8): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let code = '';
  for (let i = 0; i < length; i++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

/**
 * Profile ids are short, lower-case and unambiguous, since people type them into search and
 * automation scripts (`profile_id=k3x9q2mz`): 31^8 ≈ 8.5·10^11 values, collisions re-drawn.
 */
export function newProfileId(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  let id = '';
  for (let i = 0; i < 8; i++) id += alphabet[randomInt(alphabet.length)];
  return id;
}
