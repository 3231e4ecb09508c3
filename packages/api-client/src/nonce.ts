/** 96 random bits as hex; getRandomValues works in insecure contexts too, unlike crypto.subtle. */
export function makeNonce(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
