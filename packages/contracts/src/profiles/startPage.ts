import type { Rule } from '../validation.ts';

/** WHATWG URL, in browsers and Node alike; this package's type libraries name neither, so it is typed here. */
const WebUrl = (globalThis as unknown as { URL: new (input: string) => { protocol: string; hostname: string } }).URL;

/** Start pages that are Facet's own: the fingerprint check page, and the agent's IP check. */
export const START_PAGE_CHECK = 'facet:check';
export const START_PAGE_IP = 'facet:ip';
const ownPages = new Set<string>([START_PAGE_CHECK, START_PAGE_IP]);

/** Schemes a profile may open at start: web pages, and Chromium's own about: and chrome: pages. */
const schemes = new Set(['http:', 'https:', 'about:', 'chrome:']);

/**
 * A start page as people type it, or null when it is no address: '' stays '' (the browser's own
 * page), a bare host ("shop.example/login") gains https://, anything with spaces or a scheme
 * Chromium would not open (javascript:, file:, "not a url") is refused.
 */
export function normaliseStartPage(value: string): string | null {
  const text = value.trim();
  if (text === '' || ownPages.has(text)) return text;
  if (/\s/.test(text)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^:/]+:\d/.test(text) ? text : `https://${text}`;
  let url: { protocol: string; hostname: string };
  try {
    url = new WebUrl(withScheme);
  } catch {
    return null;
  }
  if (!schemes.has(url.protocol)) return null;
  // A web address needs a host with a dot (or localhost, or an IP), as a person's typo rarely has.
  if ((url.protocol === 'http:' || url.protocol === 'https:') && !/\.|^localhost$|^\[/.test(url.hostname)) return null;
  return withScheme;
}

export const validateStartPage: Rule = (value) => (normaliseStartPage(value) === null ? 'validation.startPage' : null);
