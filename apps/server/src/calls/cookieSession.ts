import { REFRESH_COOKIE, SESSION_COOKIE, SESSION_MODE_HEADER, WEB_PREFIX, refreshCall, sessionGrantSchema, sessionModes, type CallDefinition, type SessionGrant } from '@facet/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '../security/cookieHeader.ts';

/** What a cookie session's request carries (contracts/sessionCookie.ts); null for every other client. */
export interface CookieSession {
  keep: boolean;
  token: string;
  refresh: string;
}

/** Only the refresh call is sent the refresh credential: nothing else needs it. */
const REFRESH_PATH = `${WEB_PREFIX}${refreshCall.path}`;

export function cookieSessionOf(request: FastifyRequest): CookieSession | null {
  const mode = request.headers[SESSION_MODE_HEADER];
  if (mode !== sessionModes.cookie && mode !== sessionModes.cookieKeep) return null;
  const header = request.headers.cookie;
  return { keep: mode === sessionModes.cookieKeep, token: readCookie(header, SESSION_COOKIE), refresh: readCookie(header, REFRESH_COOKIE) };
}

/** The call's payload with the refresh credential from its cookie, when a cookie session left it empty. */
export function withCookieRefresh(call: CallDefinition, payload: unknown, session: CookieSession | null): unknown {
  if (!session || call !== refreshCall) return payload;
  const given = payload as { refresh?: unknown };
  return given && given.refresh === '' ? { ...given, refresh: session.refresh } : payload;
}

function cookie(name: string, value: string, path: string, secure: boolean, maxAgeSeconds: number | null): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${path}`, 'HttpOnly', 'SameSite=Strict'];
  if (secure) parts.push('Secure');
  if (maxAgeSeconds !== null) parts.push(`Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`);
  return parts.join('; ');
}

/**
 * A grant answered to a cookie session: its token and refresh credential go into HttpOnly,
 * SameSite=Strict cookies and out of the answer. Kept sessions last as long as the refresh
 * credential; others end when the browser closes.
 */
export function grantToCookies(call: CallDefinition, data: unknown, session: CookieSession | null, reply: FastifyReply, secure: boolean, now: number): unknown {
  if (!session || call.response !== sessionGrantSchema || !data) return data;
  const grant = data as SessionGrant;
  const life = session.keep ? (grant.refreshExpiresAt - now) / 1000 : null;
  reply.header('set-cookie', [cookie(SESSION_COOKIE, grant.auth, '/', secure, life), cookie(REFRESH_COOKIE, grant.refresh, REFRESH_PATH, secure, life)]);
  return { ...grant, auth: '', refresh: '' };
}

/** Signing out (or a session that cannot be renewed) takes the cookies with it. */
export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  reply.header('set-cookie', [cookie(SESSION_COOKIE, '', '/', secure, 0), cookie(REFRESH_COOKIE, '', REFRESH_PATH, secure, 0)]);
}
