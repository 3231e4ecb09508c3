import { parseProxyLines } from '@facet/contracts';

/**
 * Checks the pasted proxies with the server's own parser (one per line; lines without a scheme
 * take the type chosen in the form, which the call sends as `proxyType`). Empty text is fine.
 */
export function checkBatchProxies(text: string): { count: number; error: { line: number; key: string } | null } {
  if (text.trim() === '') return { count: 0, error: null };
  const { proxies, error } = parseProxyLines(text);
  return { count: proxies.length, error };
}

/** An id for matching pushed progress to our call; randomUUID needs a secure context, so fall back. */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
