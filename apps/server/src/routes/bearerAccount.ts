import type { FastifyRequest } from 'fastify';
import { Code, RUN_TOKEN_PREFIX } from '@facet/contracts';
import type { RunTokenScope } from '../calls/runScope.ts';
import { AppError } from '../errors.ts';
import type { Account, SessionRow } from '../services/authenticatedSession.ts';
import type { Services } from '../services/container.ts';
import { cookieSessionOf } from '../calls/cookieSession.ts';

interface BearerIdentity {
  account: Account;
  /** Set when a console session presented itself; null for an API token. */
  session: SessionRow | null;
  /** Set for a host's run token: the one profile, from the one device key, it reaches. */
  runScope: RunTokenScope | null;
}

/**
 * Routes outside the signed-call layer (a multipart upload, a binary download) take the token
 * in `Authorization: Bearer`: a console session token (`s_…`), or where allowed an API token
 * (`fct_…`), or the browser version's session cookie with its header (calls/cookieSession.ts).
 * As with calls, the token is the authorization; there is no signature to lean on.
 */
export async function bearerAccount(request: FastifyRequest, services: Services, allowApiToken: boolean): Promise<BearerIdentity> {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  if (allowApiToken && token.startsWith('fct_')) {
    const account = await services.apiTokens.authenticate(token);
    if (!account) throw new AppError(Code.API_TOKEN_INVALID, null, 401);
    return { account, session: null, runScope: null };
  }
  if (allowApiToken && token.startsWith(RUN_TOKEN_PREFIX)) {
    const run = await services.remoteRuns.authenticateRunToken(token);
    if (!run) throw new AppError(Code.API_TOKEN_INVALID, null, 401);
    return { account: run.account, session: null, runScope: run.scope };
  }
  // The browser version's session is an HttpOnly cookie its scripts cannot read to send as a bearer.
  const sessionToken = token || cookieSessionOf(request)?.token || '';
  const found = sessionToken ? await services.sessions.authenticate(sessionToken) : null;
  // 886, as for a call: the console refreshes its session once and repeats the request.
  if (!found) throw new AppError(Code.SESSION_EXPIRED);
  return { account: found.account, session: found.session, runScope: null };
}
