import { checkCookie, Code, type Cookie, type StoredCookie } from '@facet/contracts';
import { AppError } from '../errors.ts';

/** A cookie as one string, its fields in one order with defaults filled in: two equal cookies read the same. */
function sameness(cookie: StoredCookie): string {
  const { domain, name, value, path, expirationDate, httpOnly, secure, sameSite } = cookie;
  return JSON.stringify([domain, name, value, path, expirationDate ?? null, httpOnly, secure, sameSite]);
}

/**
 * The cookies an update leaves the profile with (issue 34). Left out, the stored ones stay: an
 * update never empties them by omission. Sent, each one the profile already stores stays as it
 * is, even one an older version stored before the cookie rule (an edit form or a script saves
 * back what it read, and a start skips that cookie and says so); every other one must pass the
 * rule. Refused, nothing is changed and each refused cookie is named by its field.
 */
export function updatedCookies(sent: readonly StoredCookie[] | undefined, stored: readonly Cookie[]): Cookie[] {
  if (sent === undefined) return [...stored];
  const known = new Set(stored.map(sameness));
  const issues: { path: string; key: string }[] = [];
  const cookies = sent.map((cookie, index) => {
    if (known.has(sameness(cookie))) return cookie as Cookie;
    const checked = checkCookie(cookie);
    if (checked.ok) return checked.cookie;
    issues.push({ path: `settings.cookies.${index}.${checked.problem.field}`, key: checked.problem.key });
    return cookie as Cookie;
  });
  if (issues.length > 0) throw new AppError(Code.INVALID_INPUT, { issues });
  return cookies;
}
