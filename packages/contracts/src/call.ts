import type { z } from 'zod';

/**
 * One call of the API, described once and used everywhere: the server registers and validates
 * it, clients type their calls with it, and the OpenAPI document is generated from it.
 */
export interface CallDefinition<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  /** Path under the prefix, e.g. `login` → POST /v2/web/login. */
  path: string;
  method: 'post' | 'get';
  /** `none`: anyone; `session`: a console session token in `auth`; `apiToken`: Bearer API token. */
  access: 'none' | 'session' | 'apiToken';
  /** Which calls this one may be refused with, besides the generic ones (for docs). */
  codes?: readonly number[];
  /**
   * Changes nothing (a list, a detail, a poll): a repeat is harmless, so it takes no
   * Idempotency-Key and no answer of it is kept (idempotency.ts). Every other call of an
   * account takes one. The server remembers a read's signature in its own memory rather than
   * in the shared store (apps/server/src/services/replayGuard.ts).
   */
  readOnly?: true;
  summary: string;
  tag: string;
  request: Req;
  response: Res;
}

export function defineCall<Req extends z.ZodType, Res extends z.ZodType>(
  definition: CallDefinition<Req, Res>,
): CallDefinition<Req, Res> {
  return definition;
}

export type CallRequest<C> = C extends CallDefinition<infer Req, z.ZodType> ? z.input<Req> : never;
export type CallResponse<C> = C extends CallDefinition<z.ZodType, infer Res> ? z.output<Res> : never;

/**
 * The same call for scripts and the desktop agent holding an API token: served under
 * /v2/api/ with a Bearer token, answered by the same handler as the console's call.
 */
export function forApiToken<C extends CallDefinition>(call: C): C {
  return { ...call, access: 'apiToken', tag: 'api' };
}
