import { gcm } from '@noble/ciphers/aes.js';

/** Marks a sealed value (and its format, should it ever change). */
const SEALED = 'e1.';
const NONCE_BYTES = 12;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * Seals what the desktop client's console keeps in web storage (spec §3), with the key the agent
 * made for this installation: AES-256-GCM with the entry's name as associated data, so a value
 * copied under another name does not open. Synchronous (web storage is), hence not WebCrypto.
 */
export interface StorageCipher {
  seal(name: string, value: string): string;
  /** Null when the value is sealed but does not open (another key, changed, moved). */
  open(name: string, stored: string): string | null;
  isSealed(stored: string): boolean;
}

export function storageCipher(keyBase64Url: string): StorageCipher {
  const key = fromBase64Url(keyBase64Url);
  if (key.length !== 32) throw new Error('the storage key must be 32 bytes');
  return {
    seal: (name, value) => {
      const nonce = crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
      const sealed = gcm(key, nonce, encoder.encode(name)).encrypt(encoder.encode(value));
      const out = new Uint8Array(NONCE_BYTES + sealed.length);
      out.set(nonce);
      out.set(sealed, NONCE_BYTES);
      return SEALED + toBase64Url(out);
    },
    open: (name, stored) => {
      try {
        const bytes = fromBase64Url(stored.slice(SEALED.length));
        return decoder.decode(gcm(key, bytes.subarray(0, NONCE_BYTES), encoder.encode(name)).decrypt(bytes.subarray(NONCE_BYTES)));
      } catch {
        return null;
      }
    },
    isSealed: (stored) => stored.startsWith(SEALED),
  };
}
