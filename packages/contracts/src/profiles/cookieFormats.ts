import { limits } from '../limits.ts';
import { checkCookie, type Cookie } from './cookieRule.ts';

/**
 * Why a cookie file was refused, and on which row (1-based; for JSON, the array index + 1); for a
 * cookie the rule refuses (cookieRule.ts), also its field and the rule's message key.
 */
export type CookieParseResult = { ok: true; cookies: Cookie[] } | { ok: false; row: number; key: string; field?: string };

/**
 * Cookies as users bring them: the JSON the common browser extensions export (an array of
 * `{domain, name, value, path, expirationDate, httpOnly, secure, sameSite}`, or an object with a
 * `cookies` array), or Netscape cookies.txt. A bad row refuses the whole file and names the row.
 */
export function parseCookieText(text: string): CookieParseResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, row: 0, key: 'cookies.empty' };
  return trimmed.startsWith('[') || trimmed.startsWith('{') ? parseJson(trimmed) : parseNetscape(trimmed);
}

function parseJson(text: string): CookieParseResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, row: 0, key: 'cookies.badJson' };
  }
  const list = Array.isArray(value) ? value : Array.isArray((value as { cookies?: unknown }).cookies) ? (value as { cookies: unknown[] }).cookies : null;
  if (!list) return { ok: false, row: 0, key: 'cookies.badJson' };
  return parseCookieRows(list.map((item) => normaliseJsonCookie(item)));
}

/** Extensions disagree on a few names (expires vs expirationDate, SameSite spelled in several cases). */
function normaliseJsonCookie(item: unknown): unknown {
  if (typeof item !== 'object' || item === null) return item;
  const raw = item as Record<string, unknown>;
  const sameSite = typeof raw.sameSite === 'string' ? raw.sameSite.toLowerCase() : undefined;
  const expirationDate = typeof raw.expirationDate === 'number' ? raw.expirationDate : typeof raw.expires === 'number' && raw.expires > 0 ? raw.expires : undefined;
  return {
    domain: raw.domain,
    name: raw.name,
    value: raw.value,
    path: raw.path ?? '/',
    ...(expirationDate !== undefined && raw.session !== true ? { expirationDate } : {}),
    httpOnly: raw.httpOnly === true,
    secure: raw.secure === true,
    sameSite: sameSite === 'none' ? 'no_restriction' : sameSite === 'lax' || sameSite === 'strict' || sameSite === 'no_restriction' ? sameSite : 'unspecified',
  };
}

function parseNetscape(text: string): CookieParseResult {
  const rows: { row: number; value: unknown }[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    const httpOnly = line.startsWith('#HttpOnly_');
    if (!httpOnly && (line.trim() === '' || line.startsWith('#'))) continue;
    const fields = (httpOnly ? line.slice('#HttpOnly_'.length) : line).split('\t');
    if (fields.length < 7) return { ok: false, row: index + 1, key: 'cookies.badLine' };
    const [domain, , path, secure, expires, name, ...value] = fields as [string, string, string, string, string, string, ...string[]];
    const expiry = Number(expires);
    if (!Number.isFinite(expiry) || expiry < 0) return { ok: false, row: index + 1, key: 'cookies.badExpiry' };
    rows.push({ row: index + 1, value: { domain, name, value: value.join('\t'), path, secure: secure.toUpperCase() === 'TRUE', httpOnly, ...(expiry > 0 ? { expirationDate: expiry } : {}) } });
  }
  return parseCookieRows(rows.map((r) => r.value), rows.map((r) => r.row));
}

/** The columns of a cookie table (Excel import and export), in order. */
export const cookieTableColumns = ['domain', 'name', 'value', 'path', 'expirationDate', 'httpOnly', 'secure', 'sameSite'] as const;

/** Cookies from already-split rows (a spreadsheet's), refused at the first bad row. */
export function parseCookieRows(values: unknown[], rowNumbers?: number[]): CookieParseResult {
  if (values.length === 0) return { ok: false, row: 0, key: 'cookies.empty' };
  if (values.length > limits.cookiesPerProfile) return { ok: false, row: limits.cookiesPerProfile + 1, key: 'cookies.tooMany' };
  const cookies: Cookie[] = [];
  for (const [i, value] of values.entries()) {
    const checked = checkCookie(value);
    if (!checked.ok) return { ok: false, row: rowNumbers?.[i] ?? i + 1, key: checked.problem.key, ...(checked.problem.field ? { field: checked.problem.field } : {}) };
    cookies.push(checked.cookie);
  }
  return { ok: true, cookies };
}

export function cookiesToJson(cookies: readonly Cookie[]): string {
  return JSON.stringify(cookies, null, 2);
}

/** Netscape cookies.txt, as curl and wget read it. */
export function cookiesToNetscape(cookies: readonly Cookie[]): string {
  const lines = cookies.map((c) =>
    [`${c.httpOnly ? '#HttpOnly_' : ''}${c.domain}`, c.domain.startsWith('.') ? 'TRUE' : 'FALSE', c.path, c.secure ? 'TRUE' : 'FALSE', String(Math.floor(c.expirationDate ?? 0)), c.name, c.value].join('\t'),
  );
  return ['# Netscape HTTP Cookie File', ...lines, ''].join('\n');
}
