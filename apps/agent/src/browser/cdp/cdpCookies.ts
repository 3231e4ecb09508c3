import type { Cookie } from '@facet/contracts';

/** Network.CookieParam / Network.Cookie, the fields we use. */
interface CdpCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires?: number;
  httpOnly: boolean;
  secure: boolean;
  session?: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None';
}

const toCdpSameSite = { strict: 'Strict', lax: 'Lax', no_restriction: 'None', unspecified: undefined } as const;
const fromCdpSameSite = { Strict: 'strict', Lax: 'lax', None: 'no_restriction' } as const;

/**
 * Our cookies as CDP sets them. A domain without a leading dot is a host-only cookie, which CDP
 * makes from a URL (a `domain` would widen it to the subdomains).
 */
export function toCdpCookies(cookies: readonly Cookie[]): Record<string, unknown>[] {
  return cookies.map((c) => {
    const hostOnly = !c.domain.startsWith('.');
    const sameSite = toCdpSameSite[c.sameSite];
    return {
      name: c.name,
      value: c.value,
      ...(hostOnly ? { url: `${c.secure ? 'https' : 'http'}://${c.domain}${c.path}` } : { domain: c.domain }),
      path: c.path,
      secure: c.secure,
      httpOnly: c.httpOnly,
      ...(sameSite ? { sameSite } : {}),
      ...(c.expirationDate !== undefined ? { expires: c.expirationDate } : {}),
    };
  });
}

export function fromCdpCookies(cookies: readonly CdpCookie[]): Cookie[] {
  return cookies.map((c) => ({
    domain: c.domain,
    name: c.name,
    value: c.value,
    path: c.path || '/',
    ...(c.session || c.expires === undefined || c.expires < 0 ? {} : { expirationDate: c.expires }),
    httpOnly: c.httpOnly,
    secure: c.secure,
    sameSite: c.sameSite ? fromCdpSameSite[c.sameSite] : 'unspecified',
  }));
}
