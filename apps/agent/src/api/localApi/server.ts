import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOCAL_OPENAPI_PATH, localApiOpenApi, localApiRoutes, type LocalRoute, type LocalRouteId } from '@facet/contracts';
import { localContext, type LocalApiDeps, type LocalHandlers } from './context.ts';
import { failureAnswer, LocalApiFailure } from './failures.ts';
import { admit } from './guard.ts';
import { guardRequests, requestUrl } from '../../net/guardedHandlers.ts';
import { browserHandlers } from './handlers/browser.ts';
import { cloudActiveHandlers } from './handlers/cloudActive.ts';
import { groupHandlers } from './handlers/groups.ts';
import { kernelHandlers } from './handlers/kernels.ts';
import { profileDataHandlers } from './handlers/profileData.ts';
import { profileHandlers } from './handlers/profiles.ts';
import { proxyHandlers } from './handlers/proxies.ts';
import { tagHandlers } from './handlers/tags.ts';
import { synchronizerHandlers } from './handlers/synchronizer.ts';
import { inputOf } from './input.ts';

export type { LocalApiDeps } from './context.ts';

/**
 * The local automation API: AdsPower's paths (v1 and v2), parameters and answers, so users'
 * scripts move over unchanged, dispatched by the route table in packages/contracts (which also
 * makes its OpenAPI document, served at /api/openapi.json). What a script may do is what the
 * account the agent acts as may do in the console: every change goes through the server.
 *
 * Loopback unless the local settings bind another address; a key on every request, unless the
 * local settings let this user's own programs in without it (guard.ts).
 * No CORS, and no state change on a GET but AdsPower's own GET paths that do so (browser/start,
 * browser/stop) and Facet's browser/check.
 */
export const localHandlers: LocalHandlers = {
  ...browserHandlers,
  ...profileHandlers,
  ...profileDataHandlers,
  ...groupHandlers,
  ...proxyHandlers,
  ...tagHandlers,
  ...kernelHandlers,
  ...cloudActiveHandlers,
  ...synchronizerHandlers,
};

const byPath = new Map<string, [LocalRouteId, LocalRoute][]>();
for (const [id, route] of Object.entries(localApiRoutes) as [LocalRouteId, LocalRoute][]) {
  if (!localHandlers[id]) throw new Error(`local API route ${id} has no handler`);
  byPath.set(route.path, [...(byPath.get(route.path) ?? []), [id, route]]);
}

export interface LocalApi {
  /** The address it listens on (127.0.0.1, 0.0.0.0 or one of this machine's). */
  host: string;
  port: number;
  close(): Promise<void>;
}

type Answer = { code: number; msg: string; data?: unknown };

/** `handlers`: the route table's handlers; a host's local API answers most routes with a refusal (hostLocalApi.ts). */
export async function startLocalApi(deps: LocalApiDeps, port: number, bindIp = '127.0.0.1', handlers: LocalHandlers = localHandlers): Promise<LocalApi> {
  const ctx = localContext(deps);
  const openApi = JSON.stringify(localApiOpenApi(deps.version ?? '0.0.0'));
  const server = http.createServer(guardRequests('local API', (request, response) => {
    const send = (status: number, answer: Answer | string) =>
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(typeof answer === 'string' ? answer : JSON.stringify(answer));
    const url = requestUrl(request);
    if (url === null) return send(400, { code: -1, msg: 'invalid_parameter' });
    const path = url.pathname.replace(/\/+$/, '') || '/';
    return (async () => {
      try {
        await admit(request, { key: deps.key, bindIp, ...(deps.password ? { password: deps.password } : {}), ...(deps.keyless ? { keyless: deps.keyless } : {}) });
        if (request.method === 'GET' && path === LOCAL_OPENAPI_PATH) return send(200, openApi);
        const extra = deps.extraPaths?.[path];
        if (extra) return await extra(request, response);
        const candidates = byPath.get(path);
        if (!candidates) throw new LocalApiFailure('not_found', 404);
        const match = candidates.find(([, route]) => route.method === request.method);
        if (!match) throw new LocalApiFailure('method_not_allowed', 405);
        const [id, route] = match;
        const input = await inputOf(route, url, request);
        const data = await (handlers[id] as (input: unknown, c: typeof ctx) => Promise<unknown>)(input, ctx);
        send(200, { code: 0, msg: 'success', ...(data === undefined ? {} : { data }) });
      } catch (error) {
        const { status, answer } = failureAnswer(error, path);
        send(status, answer);
      }
    })();
  }));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, bindIp, () => resolve());
  });
  return {
    host: bindIp,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
