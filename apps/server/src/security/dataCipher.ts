import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM for secrets kept in the database (proxy credentials, cookies). The key lives
 * outside the database (FACET_DATA_KEY, else a file in the data folder's secrets/), so a stolen
 * dump alone reveals nothing. Each value gets its own 96-bit IV; the tag authenticates it.
 */
export class DataCipher {
  private readonly key: Buffer;

  constructor(keyText: string) {
    const key = Buffer.from(keyText, 'base64url');
    if (key.length !== 32) throw new Error('the data key must be 32 bytes, base64url-encoded');
    this.key = key;
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  decrypt(sealed: string): string {
    const [version, data] = sealed.split(':');
    if (version !== VERSION || !data) throw new Error('not a sealed value');
    const raw = Buffer.from(data, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
