import { associatedData } from './aead.ts';

/** Where a sealed value belongs; all of it is the value's associated data. */
export interface SealBinding {
  /** The account whose key seals it: the row's owner, also when a recipient of a share reads it. */
  accountId: string;
  table: 'profiles' | 'saved_proxies' | 'api_tokens';
  rowId: string;
  field: 'secrets' | 'token_sealed' | 'sync_key';
}

const V2 = /^v2:(\d{1,9}):([A-Za-z0-9+/=]+)$/;

/** `v2:<account key version>:<base64 of iv | tag | ciphertext>`. */
export function formatSealed(keyVersion: number, packed: Buffer): string {
  return `v2:${keyVersion}:${packed.toString('base64')}`;
}

/** The key version and bytes of a v2 value; null for anything else (the v1 format included). */
export function parseSealed(sealed: string): { keyVersion: number; packed: Buffer } | null {
  const match = V2.exec(sealed);
  return match ? { keyVersion: Number(match[1]), packed: Buffer.from(match[2]!, 'base64') } : null;
}

export function bindingAad(binding: SealBinding, keyVersion: number): Buffer {
  return associatedData(['facet-secret', 2, binding.accountId, binding.table, binding.rowId, binding.field, keyVersion]);
}
