import { z } from 'zod';

/**
 * A cookie as browsers define it: the user-agent side of RFC 6265 (§5.2, as RFC 6265bis and
 * Chromium's `CanonicalCookie::CreateSanitizedCookie` apply it), not only the stricter grammar
 * RFC 6265 §4.1 asks servers to send. Browsers hold names like `a[b]` and values like `x,y z`
 * that sites set every day; refusing those would lose them at the next save of a browser's
 * cookies. What a browser refuses, this refuses: control characters anywhere, `;` (and `=` in a
 * name), blanks at either end, name and value above 4096 octets together, a path without a
 * leading '/', a domain that is no host name or address, the `__Secure-` / `__Host-` prefixes
 * without what they promise. One rule for every entry: the console's calls, the local API,
 * the import formats and what a browser's stop saves (issue 34).
 *
 * Each refusal is a message key of `validation.cookie.*`, on the field it concerns.
 */

/** RFC 6265bis §5.6: name and value together, in characters (octets for ASCII). */
export const COOKIE_NAME_VALUE_MAX = 4096;
/** RFC 6265bis §5.6: a path or domain attribute longer than this is ignored by browsers. */
export const COOKIE_ATTRIBUTE_MAX = 1024;
/** 9999-12-31T23:59:59Z in seconds: the last date browsers' cookie stores can hold. */
export const COOKIE_EXPIRY_MAX = 253_402_300_799;

/** CTLs (RFC 5234: %x00-1F and %x7F), HTAB included: Chromium refuses a tab in a name or value. */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x1f || code === 0x7f) return true;
  }
  return false;
}
/** A space at either end is trimmed by the browser's parser, so the cookie would not be this one. */
const EDGE_SPACE = /^ | $/;

export const sameSiteValues = ['no_restriction', 'lax', 'strict', 'unspecified'] as const;

export function isCookieName(name: string): boolean {
  return !hasControl(name) && !EDGE_SPACE.test(name) && !name.includes(';') && !name.includes('=');
}

/** `"quoted"` values are plain octets to a browser: the quotes are part of the value. */
export function isCookieValue(value: string): boolean {
  return !hasControl(value) && !EDGE_SPACE.test(value) && !value.includes(';');
}

/** An absolute path: what a browser's default-path and path-match (RFC 6265 §5.1.4) work with. */
export function isCookiePath(path: string): boolean {
  return path.startsWith('/') && path.length <= COOKIE_ATTRIBUTE_MAX && !hasControl(path) && !EDGE_SPACE.test(path) && !path.includes(';');
}

const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** An IPv6 address as a cookie's domain holds it: in brackets, hex groups and colons (an IPv4 tail allowed). */
const IPV6 = /^\[(?=[^\]]*:[^\]]*:)[0-9a-f:]{2,39}(?:(?<=:)\d{1,3}(?:\.\d{1,3}){3})?\]$/i;
/** A DNS label; letters of any script (browsers turn them into punycode) and '_' as browsers allow. */
const LABEL = /^[\p{L}\p{N}_](?:[\p{L}\p{N}_-]{0,61}[\p{L}\p{N}_])?$/u;

function isHostName(host: string): boolean {
  if (host.length === 0 || host.length > 253) return false;
  const labels = host.split('.');
  // A numeric last label makes a URL parser read the host as an IPv4 address, which this is not.
  return labels.every((label) => LABEL.test(label)) && !/^\d+$/.test(labels[labels.length - 1]!);
}

/**
 * A host-only cookie names its host (`shop.example`, `127.0.0.1`, `[::1]`); a domain cookie
 * has a leading dot and a host name (`.shop.example`): an address has no subdomains.
 */
export function isCookieDomain(domain: string): boolean {
  const domainCookie = domain.startsWith('.');
  const host = domainCookie ? domain.slice(1) : domain;
  if (IPV4.test(host) || IPV6.test(host)) return !domainCookie;
  return isHostName(host);
}

const key = (field: string) => ({ message: `validation.cookie.${field}` });

/** RFC 6265bis §4.1.3: what the `__Secure-` and `__Host-` name prefixes promise (matched case-insensitively, as Chromium does). */
function prefixProblem(cookie: { name: string; value: string; domain: string; path: string; secure: boolean }): 'secure' | 'domain' | 'path' | 'value' | null {
  const name = cookie.name.toLowerCase();
  if (name.startsWith('__secure-') && !cookie.secure) return 'secure';
  if (name.startsWith('__host-')) {
    if (!cookie.secure) return 'secure';
    if (cookie.domain.startsWith('.')) return 'domain';
    if (cookie.path !== '/') return 'path';
  }
  // A nameless cookie whose value looks prefixed would pass for a prefixed one in a Cookie header.
  const value = cookie.value.toLowerCase();
  if (cookie.name === '' && (value.startsWith('__secure-') || value.startsWith('__host-'))) return 'value';
  return null;
}

/** A cookie in the format the common browser extensions export (EditThisCookie and the like). */
export const cookieSchema = z
  .object({
    domain: z.string(key('domain')).max(255, key('domain')).refine(isCookieDomain, key('domain')),
    name: z.string(key('name')).max(COOKIE_NAME_VALUE_MAX, key('size')).refine(isCookieName, key('name')),
    value: z.string(key('value')).max(COOKIE_NAME_VALUE_MAX, key('size')).refine(isCookieValue, key('value')),
    path: z.string(key('path')).max(COOKIE_ATTRIBUTE_MAX, key('path')).default('/').refine(isCookiePath, key('path')),
    /** Seconds since 1970; none for a session cookie. */
    expirationDate: z.number(key('expiry')).min(0, key('expiry')).max(COOKIE_EXPIRY_MAX, key('expiry')).optional(),
    httpOnly: z.boolean(key('flag')).default(false),
    secure: z.boolean(key('flag')).default(false),
    sameSite: z.enum(sameSiteValues, key('sameSite')).default('unspecified'),
  })
  .superRefine((cookie, ctx) => {
    if (cookie.name.length + cookie.value.length > COOKIE_NAME_VALUE_MAX) ctx.addIssue({ code: 'custom', path: ['value'], ...key('size') });
    // A nameless cookie is sent as its value alone: it needs one, and an '=' would make it a name.
    if (cookie.name === '' && cookie.value === '') ctx.addIssue({ code: 'custom', path: ['name'], ...key('name') });
    if (cookie.name === '' && cookie.value.includes('=')) ctx.addIssue({ code: 'custom', path: ['value'], ...key('value') });
    const prefix = prefixProblem(cookie);
    if (prefix) ctx.addIssue({ code: 'custom', path: [prefix], ...key('prefix') });
  });
export type Cookie = z.output<typeof cookieSchema>;

/**
 * A cookie as older versions may have stored it, before the rule above: what is read back from
 * storage and handed to a start, which sets the cookies the rule lets through and reports the
 * rest (apps/agent/src/browser/launch/storedCookies.ts). Never the schema of anything coming in.
 */
export const storedCookieSchema = z.object({
  domain: z.string(),
  name: z.string(),
  value: z.string(),
  path: z.string().default('/'),
  expirationDate: z.number().optional(),
  httpOnly: z.boolean().default(false),
  secure: z.boolean().default(false),
  sameSite: z.enum(sameSiteValues).default('unspecified').catch('unspecified'),
});
export type StoredCookie = z.output<typeof storedCookieSchema>;

/** Where a cookie was refused: its field, and the `validation.cookie.*` key saying why. */
export interface CookieProblem {
  field: string;
  key: string;
}

/** The cookie as the rule reads it (defaults filled in), or the first thing wrong with it. */
export function checkCookie(cookie: unknown): { ok: true; cookie: Cookie } | { ok: false; problem: CookieProblem } {
  const checked = cookieSchema.safeParse(cookie);
  if (checked.success) return { ok: true, cookie: checked.data };
  const issue = checked.error.issues[0]!;
  return { ok: false, problem: { field: issue.path.map(String).join('.'), key: issue.message.startsWith('validation.cookie.') ? issue.message : 'cookies.badCookie' } };
}

/**
 * A stored cookie a start left out rather than failing (issue 34): by its place in the profile's
 * list, with what a person recognises it by. `field` names what the rule refuses; null when the
 * rule let it through and the browser refused it all the same.
 */
export const skippedCookieSchema = z.object({
  index: z.number().int().nonnegative(),
  name: z.string().max(200),
  domain: z.string().max(255),
  field: z.string().nullable(),
});
export type SkippedCookie = z.infer<typeof skippedCookieSchema>;
