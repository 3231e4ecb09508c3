import { checkCookie, type Cookie, type SkippedCookie } from '@facet/contracts';
import { CdpError, type CdpConnection } from '../cdp/cdp.ts';
import { toCdpCookies } from '../cdp/cdpCookies.ts';

interface Numbered {
  index: number;
  cookie: Cookie;
}

/**
 * A profile's stored cookies into its browser, leaving out each one the browser would refuse
 * rather than failing the start (issue 34: one cookie with a CR/LF name, stored by an older
 * version or a recipient, made every start fail with `Storage.setCookies: Invalid cookie
 * fields`). What the cookie rule refuses (contracts cookieRule.ts) is never sent; if Chromium
 * still refuses the batch, it is set in halves until each refused cookie stands alone. The
 * skipped ones, in the profile's order, for the start to report.
 */
export async function setStoredCookies(connection: CdpConnection, stored: readonly Cookie[]): Promise<SkippedCookie[]> {
  const skipped: SkippedCookie[] = [];
  const taken: Numbered[] = [];
  stored.forEach((cookie, index) => {
    const checked = checkCookie(cookie);
    if (checked.ok) taken.push({ index, cookie: checked.cookie });
    else skipped.push(skippedOf({ index, cookie }, checked.problem.field));
  });
  await setSplitting(connection, taken, skipped);
  return skipped.sort((a, b) => a.index - b.index);
}

/**
 * Chromium answers a batch with one refused cookie by refusing all of it, without saying which
 * (-32602 "Invalid cookie fields"), so a refused batch is tried again in halves: a few refused
 * cookies among thousands cost a few dozen commands, not one per cookie. Setting a cookie again
 * replaces it, so a half that was partly set before a refusal does no harm.
 */
async function setSplitting(connection: CdpConnection, batch: readonly Numbered[], skipped: SkippedCookie[]): Promise<void> {
  if (batch.length === 0) return;
  try {
    await connection.send('Storage.setCookies', { cookies: toCdpCookies(batch.map((b) => b.cookie)) });
  } catch (error) {
    if (!(error instanceof CdpError) || error.kind !== 'protocol') throw error;
    if (batch.length === 1) return void skipped.push(skippedOf(batch[0]!, null));
    const half = Math.ceil(batch.length / 2);
    await setSplitting(connection, batch.slice(0, half), skipped);
    await setSplitting(connection, batch.slice(half), skipped);
  }
}

/** What a person recognises the cookie by, cut to what a notice can show. */
function skippedOf({ index, cookie }: Numbered, field: string | null): SkippedCookie {
  return { index, name: String(cookie.name).slice(0, 200), domain: String(cookie.domain).slice(0, 255), field };
}

/** What a browser's stop may save: the cookies the rule takes (a refused one would refuse the whole save). */
export function savableCookies(held: readonly Cookie[]): { kept: Cookie[]; dropped: number } {
  const kept: Cookie[] = [];
  for (const cookie of held) {
    const checked = checkCookie(cookie);
    if (checked.ok) kept.push(checked.cookie);
  }
  return { kept, dropped: held.length - kept.length };
}
