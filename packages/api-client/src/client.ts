import {
  API_PREFIX,
  Code,
  IDEMPOTENCY_KEY_HEADER,
  SESSION_MODE_HEADER,
  WEB_PREFIX,
  refreshCall,
  signRequest,
  takesIdempotencyKey,
  type CallDefinition,
  type Envelope,
  type SessionGrant,
} from '@facet/contracts';
import type { z } from 'zod';
import { ActionKeys } from './actionKeys.ts';
import type { CredentialStore } from './credentials.ts';
import { ApiError, NETWORK_FAILURE } from './errors.ts';
import { makeNonce } from './nonce.ts';

export interface ApiClientOptions {
  /** Server origin such as `http://127.0.0.1:8080`; empty for the page's own origin. */
  baseUrl: string;
  signKey: string;
  credentials: CredentialStore;
  /** Wire language code (0–9) sent with every call. */
  getLanguage: () => number;
  /** Called when the session cannot be renewed or was ended (886 after a failed refresh, 887). */
  onLoginRequired?: (error: ApiError) => void;
  /** Called after a silent re-login, e.g. to log the push channel in again. */
  onSessionRenewed?: (grant: SessionGrant) => void;
  /** Called for every call that got no answer at all. */
  onNetworkFailure?: (error: ApiError) => void;
  /** For API-token calls under /v2/api/. */
  apiToken?: string;
  /**
   * The browser version's session in HttpOnly cookies (contracts/sessionCookie.ts): its grants
   * carry no token, the calls say so in a header, and the browser sends the cookies. The value
   * says whether the session outlives the browser ('cookie-keep') or not ('cookie').
   */
  cookieSession?: () => 'cookie' | 'cookie-keep';
  fetch?: typeof fetch;
  now?: () => number;
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * The Idempotency-Key of this action, for a caller that keeps its own across retries. By
   * default a call that changes something gets one from ActionKeys (one per user action).
   */
  idempotencyKey?: string;
}

/**
 * Waits before asking again about a request the server is still working on (409, its key in
 * flight): about two minutes in all, more than the slowest call takes.
 */
const IN_FLIGHT_WAITS_MS = [200, 400, 800, 1600, ...Array<number>(60).fill(2000)];

/**
 * Typed client for every call in @facet/contracts. It signs requests, unwraps the
 * `{code,msg,data}` envelope into a value or an ApiError, and implements the session rule of
 * spec §4: calls answered 886 wait for one shared silent refresh and are then replayed.
 * A call that changes something carries an Idempotency-Key, the same for its replay, its
 * clock-corrected resend and a retry of the same action, so none of them does the work twice.
 */
export class ApiClient {
  private renewal: Promise<boolean> | null = null;
  /** Server clock minus ours, learned from a stale-timestamp answer. */
  private clockOffset = 0;
  private readonly actionKeys: ActionKeys;

  constructor(private readonly options: ApiClientOptions) {
    this.actionKeys = new ActionKeys(options.now ?? Date.now);
  }

  get credentials(): CredentialStore {
    return this.options.credentials;
  }

  async call<Req extends z.ZodType, Res extends z.ZodType>(
    call: CallDefinition<Req, Res>,
    payload: z.input<Req>,
    callOptions: CallOptions = {},
  ): Promise<z.output<Res>> {
    const sentWith = grantMark(this.options.credentials.load());
    const action = takesIdempotencyKey(call) && callOptions.idempotencyKey === undefined ? this.actionKeys.take(call.path, payload) : null;
    const keyed = { ...callOptions, ...(action ? { idempotencyKey: action.key } : {}) };
    // A call without an answer (network failure, abort) throws here and keeps its key for a retry.
    let answer = await this.send(call, payload, keyed);
    if (answer.code === Code.SESSION_EXPIRED && call.access === 'session') {
      if (await this.renewSession(sentWith)) answer = await this.send(call, payload, keyed);
      if (answer.code === Code.SESSION_EXPIRED) {
        action?.answered();
        this.options.credentials.save(null);
        const error = new ApiError(answer.code, answer.msg, answer.data);
        this.options.onLoginRequired?.(error);
        throw error;
      }
    }
    action?.answered();
    if (answer.code === Code.FORCED_LOGOUT) {
      this.options.credentials.save(null);
      const error = new ApiError(answer.code, answer.msg, answer.data);
      this.options.onLoginRequired?.(error);
      throw error;
    }
    return this.unwrap(call, answer);
  }

  /** Store a grant from login or sign-up. */
  adopt(grant: SessionGrant): void {
    this.options.credentials.save(grant);
  }

  forget(): void {
    this.options.credentials.save(null);
  }

  /**
   * One refresh for however many calls hit 886 together. `sentWith` is the token the failed
   * call carried: if another call already renewed it, there is nothing to do but replay.
   */
  private renewSession(sentWith: string | undefined): Promise<boolean> {
    const current = this.options.credentials.load();
    if (current && sentWith !== undefined && grantMark(current) !== sentWith) return Promise.resolve(true);
    if (!this.renewal) {
      this.renewal = this.refreshOnce().finally(() => {
        this.renewal = null;
      });
    }
    return this.renewal;
  }

  private async refreshOnce(): Promise<boolean> {
    const grant = this.options.credentials.load();
    // A cookie session's refresh credential is its cookie: an empty one is sent, the server reads it.
    const refresh = grant?.refresh ?? '';
    if (!grant || (!refresh && !this.options.cookieSession)) return false;
    try {
      const answer = await this.send(refreshCall, { refresh }, {});
      if (answer.code !== Code.OK || !answer.data) {
        this.options.credentials.save(null);
        return false;
      }
      const grant = refreshCall.response.parse(answer.data);
      this.options.credentials.save(grant);
      this.options.onSessionRenewed?.(grant);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.code === NETWORK_FAILURE) throw error;
      this.options.credentials.save(null);
      return false;
    }
  }

  private unwrap<Res extends z.ZodType>(call: CallDefinition<z.ZodType, Res>, answer: Envelope<unknown>): z.output<Res> {
    if (answer.code !== Code.OK) throw new ApiError(answer.code, answer.msg, answer.data);
    const parsed = call.response.safeParse(answer.data);
    if (!parsed.success) throw new ApiError(Code.SERVER_ERROR, 'answer does not match the contract', parsed.error.issues);
    return parsed.data;
  }

  private async send(call: CallDefinition, payload: unknown, callOptions: CallOptions, retried = false, waited = 0): Promise<Envelope<unknown>> {
    const answer = await this.post(call, payload, callOptions);
    // A wrong client clock would fail every call; learn the server's clock once and retry.
    if (answer.code === Code.STALE_TIMESTAMP && !retried) {
      const serverTime = (answer.data as { serverTime?: unknown } | null)?.serverTime;
      if (typeof serverTime === 'number') {
        this.clockOffset = serverTime - Date.now();
        return this.send(call, payload, callOptions, true, waited);
      }
    }
    // The first send of this action is still being worked on: its answer comes to us too.
    if (answer.code === Code.IDEMPOTENCY_KEY_IN_FLIGHT && waited < IN_FLIGHT_WAITS_MS.length) {
      await pause(IN_FLIGHT_WAITS_MS[waited]!, callOptions.signal);
      return this.send(call, payload, callOptions, retried, waited + 1);
    }
    return answer;
  }

  private async post(call: CallDefinition, payload: unknown, callOptions: CallOptions): Promise<Envelope<unknown>> {
    const fetchImpl = this.options.fetch ?? globalThis.fetch.bind(globalThis);
    const isApi = call.access === 'apiToken';
    const prefix = isApi ? API_PREFIX : WEB_PREFIX;
    const url = `${this.options.baseUrl}${prefix}${call.path}`;
    const now = (this.options.now ?? Date.now)() + this.clockOffset;
    const body = isApi
      ? JSON.stringify(payload ?? {})
      : JSON.stringify(
          signRequest({
            key: this.options.signKey,
            path: `${prefix}${call.path}`,
            auth: call.access === 'session' ? (this.options.credentials.load()?.auth ?? '') : '',
            lang: this.options.getLanguage(),
            payload: payload ?? {},
            nonce: makeNonce(),
            now,
          }),
        );
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (!isApi && this.options.cookieSession) headers[SESSION_MODE_HEADER] = this.options.cookieSession();
    if (isApi && this.options.apiToken) headers.authorization = `Bearer ${this.options.apiToken}`;
    if (callOptions.idempotencyKey !== undefined) headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()] = callOptions.idempotencyKey;
    let response: Response;
    try {
      response = await fetchImpl(url, { method: 'POST', headers, body, signal: callOptions.signal ?? null });
    } catch (cause) {
      if (callOptions.signal?.aborted) throw cause;
      const error = new ApiError(NETWORK_FAILURE, cause instanceof Error ? cause.message : 'network failure');
      this.options.onNetworkFailure?.(error);
      throw error;
    }
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      throw new ApiError(Code.SERVER_ERROR, `HTTP ${response.status} without an envelope`);
    }
    if (!isEnvelope(parsed)) throw new ApiError(Code.SERVER_ERROR, `HTTP ${response.status} without an envelope`);
    return parsed;
  }
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/** Which grant a call went out with: a cookie session's grants differ only in their times. */
function grantMark(grant: SessionGrant | null): string | undefined {
  return grant ? `${grant.auth}|${grant.expiresAt}` : undefined;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number' && typeof (value as { msg?: unknown }).msg === 'string';
}
