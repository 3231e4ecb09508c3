import { createHmac, randomBytes } from 'node:crypto';
import { aeadOpen, aeadSeal, associatedData } from './aead.ts';

const WRAP_PREFIX = 'w1:';
const SEAL_PREFIX = 'm1:';
const LEGACY_PREFIX = 'v1:';

/**
 * The key outside the database (FACET_DATA_KEY, else the data folder's secrets/data-key). It
 * seals only two things: each account's data key (accountKeyring.ts) and the server's own
 * short-lived tokens (launch grants). Account secrets are sealed with the account's key, so
 * rotating this key re-wraps one row per account instead of every value.
 */
export class MasterKey {
  /**
   * Names the key without revealing it (an HMAC of a constant under it): stored beside each
   * wrapped account key, so a server started with the wrong key can say so instead of failing
   * every read, and an interrupted rotation knows which file's key a row needs.
   */
  readonly id: string;

  private constructor(private readonly key: Buffer) {
    this.id = createHmac('sha256', key).update('facet master key id').digest('base64url').slice(0, 16);
  }

  static fromText(text: string): MasterKey {
    const key = Buffer.from(text.trim(), 'base64url');
    if (key.length !== 32) throw new Error('the data key must be 32 bytes, base64url-encoded');
    return new MasterKey(key);
  }

  /** A fresh key as it is written to a file or FACET_DATA_KEY. */
  static generateText(): string {
    return randomBytes(32).toString('base64url');
  }

  /** An account's data key, bound to the account and the key's version. */
  wrapAccountKey(accountId: string, version: number, dataKey: Buffer): string {
    return WRAP_PREFIX + aeadSeal(this.key, dataKey, wrapAad(accountId, version)).toString('base64');
  }

  unwrapAccountKey(accountId: string, version: number, wrapped: string): Buffer {
    if (!wrapped.startsWith(WRAP_PREFIX)) throw new Error('not a wrapped account key');
    return aeadOpen(this.key, Buffer.from(wrapped.slice(WRAP_PREFIX.length), 'base64'), wrapAad(accountId, version));
  }

  /** A server-made token (a launch grant), bound to what `purpose` names; only this server opens it. */
  seal(purpose: readonly string[], plain: string): string {
    return SEAL_PREFIX + aeadSeal(this.key, Buffer.from(plain, 'utf8'), sealAad(purpose)).toString('base64url');
  }

  /** Throws when the token was made for another purpose, by another key, or altered. */
  open(purpose: readonly string[], sealed: string): string {
    if (!sealed.startsWith(SEAL_PREFIX)) throw new Error('not a sealed token');
    return aeadOpen(this.key, Buffer.from(sealed.slice(SEAL_PREFIX.length), 'base64url'), sealAad(purpose)).toString('utf8');
  }

  /**
   * A value of the first format: sealed with this key and no associated data, so it opens in
   * any row it is copied to. Only the reseal at start (crypto/secretMigration.ts) may read it,
   * to seal it again bound to its row; every other read refuses `v1:` (crypto/secretBox.ts).
   */
  openLegacyV1(sealed: string): string {
    if (!sealed.startsWith(LEGACY_PREFIX)) throw new Error('not a v1 value');
    return aeadOpen(this.key, Buffer.from(sealed.slice(LEGACY_PREFIX.length), 'base64'), Buffer.alloc(0)).toString('utf8');
  }
}

function wrapAad(accountId: string, version: number): Buffer {
  return associatedData(['facet-account-key', accountId, version]);
}

function sealAad(purpose: readonly string[]): Buffer {
  return associatedData(['facet-master-seal', ...purpose]);
}
