import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM with associated data, packed as iv | tag | ciphertext. The associated data is not
 * stored: the reader must know it (which account, row and field a value belongs to), so a value
 * moved anywhere else fails its tag instead of opening.
 */
export function aeadSeal(key: Buffer, plain: Buffer, aad: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** The plaintext, or throws when the tag does not match (other key, other associated data, altered). */
export function aeadOpen(key: Buffer, packed: Buffer, aad: Buffer): Buffer {
  if (packed.length < IV_BYTES + TAG_BYTES) throw new Error('sealed value too short');
  const decipher = createDecipheriv('aes-256-gcm', key, packed.subarray(0, IV_BYTES));
  decipher.setAAD(aad);
  decipher.setAuthTag(packed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(packed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

/** Associated data from its parts; JSON keeps `a|b` + `c` apart from `a` + `b|c`. */
export function associatedData(parts: readonly (string | number)[]): Buffer {
  return Buffer.from(JSON.stringify(parts), 'utf8');
}
