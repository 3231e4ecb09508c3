import type { SkippedCookie } from '@facet/contracts';

/** How many skipped cookies a notice names before it only counts them. */
const NAMED = 10;

/** Control characters (a CR/LF among them) as U+FFFD, so the text stays on its line. */
function visible(text: string): string {
  return [...text].map((ch) => (ch.charCodeAt(0) <= 0x1f || ch.charCodeAt(0) === 0x7f ? '\uFFFD' : ch)).join('');
}

/**
 * Skipped cookies as a person finds them in their file: each name quoted (so a CR/LF or a blank
 * shows as what it is) with its domain, control characters made visible; the first ten, then "…".
 */
export function skippedCookieList(cookies: readonly SkippedCookie[]): string {
  const named = cookies.slice(0, NAMED).map((c) => `${JSON.stringify(c.name)} @ ${visible(c.domain)}`);
  return named.join(', ') + (cookies.length > NAMED ? ', …' : '');
}
