import {
  API_PREFIX,
  Code,
  RUN_TOKEN_PREFIX,
  WEB_PREFIX,
  decodePayload,
  limits,
  loginCall,
  logoutCall,
  resolveLanguage,
  signaturesEqual,
  signedRequestSchema,
  type CallDefinition,
  type Language,
} from '@facet/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { ApiTokenService } from '../services/apiTokenService.ts';
import type { Idempotency, KeptAnswer } from '../guards/idempotency.ts';
import type { ReplayGuard } from '../guards/replayGuard.ts';
import type { SessionService } from '../services/sessionService.ts';
import { answer, invalidInput } from './answers.ts';
import type { CallContext } from './context.ts';
import { clearSessionCookies, cookieSessionOf, grantToCookies, withCookieRefresh, type CookieSession } from './cookieSession.ts';
import { idempotencyKeyOf, requestFingerprint } from './idempotencyKey.ts';
import { pathOfNul } from './nulCharacters.ts';
import { assertRunScope, type RunTokenScope } from './runScope.ts';
import type { Account } from '../repositories/accounts.ts';
import { machineName, runInScope } from '../requestScope.ts';
import { requestSignature } from './requestSignature.ts';

type CallHandler<C extends CallDefinition> = (
  payload: z.output<C['request']>,
  ctx: CallContext,
) => Promise<z.input<C['response']>>;

export interface CallBinding {
  call: CallDefinition;
  handler: CallHandler<CallDefinition>;
}

/** Pairs a contract with its handler, keeping the handler typed by that contract. */
export function bind<C extends CallDefinition>(call: C, handler: CallHandler<C>): CallBinding {
  return { call, handler: handler as CallHandler<CallDefinition> };
}

interface CallLayerDeps {
  signKey: string;
  clock: Clock;
  replayGuard: ReplayGuard;
  idempotency: Idempotency;
  sessions: SessionService;
  apiTokens: ApiTokenService;
  /** Hosts' run tokens (`frt_`): one person's one profile, run on a team host (calls/runScope.ts). */
  runTokens: { authenticateRunToken(token: string): Promise<{ account: Account; scope: RunTokenScope } | null> };
  /** The configured public origin, when the server sits behind a proxy. */
  publicUrl: string | null;
}

function requestOrigin(request: FastifyRequest, deps: CallLayerDeps): string {
  return deps.publicUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * Registers every binding as a Fastify route. For /v2/web/ calls, in this order: parse the
 * signed envelope, check the time window, the signature and replays, decode `data`,
 * authenticate, validate the payload with the contract, run the handler, wrap the answer.
 * For /v2/api/ calls: Bearer API token and a plain JSON payload. Either way, a call that
 * changes something and comes with an Idempotency-Key runs once per (account, key).
 */
export function registerCalls(app: FastifyInstance, deps: CallLayerDeps, bindings: readonly CallBinding[]): void {
  for (const { call, handler } of bindings) {
    const isApi = call.access === 'apiToken';
    const url = `${isApi ? API_PREFIX : WEB_PREFIX}${call.path}`;
    app.route({
      method: call.method === 'get' ? 'GET' : 'POST',
      url,
      handler: async (request, reply) => {
        let language = requestLanguage(request);
        // The browser version's session lives in HttpOnly cookies (cookieSession.ts).
        const cookies = isApi ? null : cookieSessionOf(request);
        try {
          const { payload, ctx, scope } = isApi
            ? await readApiCall(request, call, deps)
            : await readWebCall(request, url, call, deps, (l) => (language = l), cookies);
          const nul = pathOfNul(payload);
          if (nul !== null) throw new AppError(Code.INVALID_INPUT, { issues: [{ path: nul, key: 'validation.invalid' }] });
          const parsed = call.request.safeParse(withCookieRefresh(call, payload, cookies));
          if (!parsed.success) throw invalidInput(parsed.error);
          if (scope) assertRunScope(call.path, parsed.data, scope);
          // Most calls change nothing the operation log records: the name is made on the first ask.
          let machine: string | undefined;
          const machineOnce = () => (machine ??= isApi ? `API · ${machineName(null, ctx.userAgent)}` : machineName(ctx.session?.client_info ?? null, ctx.userAgent));
          const secure = requestOrigin(request, deps).startsWith('https:');
          // A sign-in says itself whether to keep the session past the browser's close.
          const keep = call === loginCall ? (parsed.data as { isKeep: boolean }).isKeep : cookies?.keep === true;
          const run = async (): Promise<KeptAnswer> => {
            const data = await runInScope({ machine: machineOnce }, () => handler(parsed.data, ctx));
            return { status: 200, body: answer(Code.OK, ctx.language, grantToCookies(call, data, cookies && { ...cookies, keep }, reply, secure, deps.clock.now()) ?? null) };
          };
          const key = idempotencyKeyOf(request, call);
          const sent = key && ctx.account ? await deps.idempotency.once(ctx.account.id, key, requestFingerprint(url, payload), run) : await run();
          if (cookies && call === logoutCall) clearSessionCookies(reply, secure);
          return reply.status(sent.status).send(sent.body);
        } catch (error) {
          return sendError(reply, error, language);
        }
      },
    });
  }
}

async function readWebCall(
  request: FastifyRequest,
  url: string,
  call: CallDefinition,
  deps: CallLayerDeps,
  setLanguage: (language: Language) => void,
  cookies: CookieSession | null,
): Promise<{ payload: unknown; ctx: CallContext; scope: null }> {
  const envelope = signedRequestSchema.safeParse(request.method === 'GET' ? request.query : request.body);
  if (!envelope.success) throw new AppError(Code.INVALID_INPUT, { issues: [{ path: 'envelope', key: 'validation.invalid' }] }, 400);
  const signed = envelope.data;
  const language = resolveLanguage(signed.lang);
  setLanguage(language);

  const now = deps.clock.now();
  if (Math.abs(now - signed.timestamp) > limits.signatureWindowSeconds * 1000) {
    throw new AppError(Code.STALE_TIMESTAMP, { serverTime: now });
  }
  const expected = requestSignature(deps.signKey, url, signed);
  if (!signaturesEqual(expected, signed.sign)) throw new AppError(Code.BAD_SIGNATURE);
  const firstTime = call.readOnly ? deps.replayGuard.acceptRead(signed.sign) : await deps.replayGuard.accept(signed.sign);
  if (!firstTime) throw new AppError(Code.REPLAYED_REQUEST);

  let payload: unknown;
  try {
    payload = decodePayload(signed.data);
  } catch {
    throw new AppError(Code.INVALID_INPUT, { issues: [{ path: 'data', key: 'validation.invalid' }] });
  }

  const ctx: CallContext = { language, ip: request.ip, userAgent: request.headers['user-agent'] ?? '', origin: requestOrigin(request, deps), account: null, session: null };
  if (call.access === 'session') {
    const authenticated = await deps.sessions.authenticate(signed.auth || cookies?.token || '');
    if (!authenticated) throw new AppError(Code.SESSION_EXPIRED);
    ctx.account = authenticated.account;
    ctx.session = authenticated.session;
  }
  return { payload, ctx, scope: null };
}

async function readApiCall(request: FastifyRequest, call: CallDefinition, deps: CallLayerDeps): Promise<{ payload: unknown; ctx: CallContext; scope: RunTokenScope | null }> {
  const header = request.headers.authorization ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? '';
  const run = token.startsWith(RUN_TOKEN_PREFIX) ? await deps.runTokens.authenticateRunToken(token) : null;
  const account = run?.account ?? (token ? await deps.apiTokens.authenticate(token) : null);
  if (!account) throw new AppError(Code.API_TOKEN_INVALID, null, 401);
  const ctx: CallContext = {
    language: requestLanguage(request),
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    origin: requestOrigin(request, deps),
    account,
    session: null,
  };
  return { payload: (call.method === 'get' ? request.query : request.body) ?? {}, ctx, scope: run?.scope ?? null };
}

/** `?lang=` (code or tag), else the Accept-Language header, else English. */
export function requestLanguage(request: FastifyRequest): Language {
  const query = (request.query ?? {}) as { lang?: string };
  const body = (request.body ?? {}) as { lang?: unknown };
  if (query.lang !== undefined) return resolveLanguage(query.lang);
  if (typeof body === 'object' && body !== null && body.lang !== undefined) return resolveLanguage(body.lang);
  const header = request.headers['accept-language'];
  return resolveLanguage(header ? header.split(',')[0]!.split(';')[0]!.trim() : 0);
}

export function sendError(reply: FastifyReply, error: unknown, language: Language): FastifyReply {
  if (error instanceof AppError) {
    return reply.status(error.httpStatus).send(answer(error.code, language, error.data));
  }
  reply.log.error({ err: error }, 'call failed');
  return reply.status(500).send(answer(Code.SERVER_ERROR, language));
}
