/** Random bytes as hex; getRandomValues works in insecure contexts too, unlike crypto.subtle. */
function randomHex(bytes: number): string {
  const buffer = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buffer);
  return Array.from(buffer, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** 96 random bits: a signed request's nonce. */
export function makeNonce(): string {
  return randomHex(12);
}

/** 128 random bits: an Idempotency-Key, unguessable by another account's client. */
export function makeIdempotencyKey(): string {
  return randomHex(16);
}
