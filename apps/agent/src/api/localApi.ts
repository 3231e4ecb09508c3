import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import { ApiError } from '@facet/api-client';
import { Code, limits, operatingSystems, resolveLanguage, type FingerprintCheckOpened, type ProfileSettingsInput } from '@facet/contracts';
import type { ProfileSource } from '../core/profileSource.ts';
import { localApiMessage, NoAccountError, StartFailure } from '../core/startFailure.ts';
import type { BrowserStatus, RunningProfiles } from '../core/runningProfiles.ts';
import { keysMatch } from '../storage/localApiKey.ts';

/**
 * The local automation API, on AdsPower's paths and answer shapes so users' existing scripts
 * move over: `{ code: 0, msg: "success", data }`, or `{ code: -1, msg: <error code> }`. The msg
 * of an error is a stable code (e.g. `profile_not_found`), not prose: scripts branch on it.
 *
 * Loopback unless the local settings bind another address of this machine, a key on every
 * request (and the settings' password when one is set), and the Host (and any Origin) must be
 * this machine by address: a web page cannot reach it by DNS rebinding or a cross-site request.
 * No CORS, no state change on a request a browser could send without a preflight other than
 * what AdsPower's GET paths need.
 *
 * The password comes in addition to the key, never instead of it (header `X-Api-Password`): the
 * key is a 192-bit random secret, a password is what a person chose and may reuse, so on its own
 * it would make an API reachable from the network guessable. With both, the password is what a
 * user can change (or give a colleague on the LAN) without replacing the key in every script.
 */
export interface LocalApiDeps {
  key: string;
  running: RunningProfiles;
  /** Who the agent acts as right now; null (no console, no token): profile calls answer `no_account`. */
  source: () => ProfileSource | null;
  /** The settings' password check, asked on every request; null when no password is set. */
  password?: () => ((given: string) => boolean) | null;
  /** Opens the profile (started if needed) at the fingerprint check page, written in `lang` (check/openCheck.ts). */
  checkFingerprint?: (profileId: string, lang: string, options: { headless: boolean }) => Promise<FingerprintCheckOpened>;
}

type Answer = { code: number; msg: string; data?: unknown };
class LocalApiFailure extends Error {
  constructor(
    readonly errorCode: string,
    readonly status = 200,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(errorCode);
  }
}

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/** How an address appears in a Host header: IPv6 in brackets. */
const hostForm = (address: string) => (net.isIPv6(address) ? `[${address}]` : address);

/**
 * The names a request may carry in Host and Origin: loopback, and when bound elsewhere, that
 * address (all of this machine's addresses for 0.0.0.0, read at each request as interfaces come
 * and go). Only addresses, never names: a name is what DNS rebinding points at us.
 */
function allowedHosts(bindIp: string): Set<string> {
  const hosts = new Set(LOOPBACK_HOSTS);
  if (bindIp === '0.0.0.0') {
    for (const address of Object.values(os.networkInterfaces()).flat()) if (address) hosts.add(hostForm(address.address));
  } else {
    hosts.add(hostForm(bindIp));
  }
  return hosts;
}

/** `host[:port]` → host, lower-cased; null when it is not of that form. */
function hostOf(value: string): string | null {
  return /^(\[[0-9a-f:.]+\]|[^:/\s]+)(?::\d{1,5})?$/i.exec(value)?.[1]?.toLowerCase() ?? null;
}

/**
 * Where scripts attach: the agent's endpoint with this start's secret for Puppeteer and
 * Playwright; host:port for Selenium only when the start asked for it (`selenium=1`), since
 * host:port alone then lets every local process of this user in.
 */
function wsOf(status: BrowserStatus) {
  return { puppeteer: status.endpoint ?? '', selenium: status.debugPort && status.debugPortOpen ? `127.0.0.1:${status.debugPort}` : '' };
}

function profileIdOf(url: URL): string {
  const id = url.searchParams.get('profile_id') ?? url.searchParams.get('user_id') ?? '';
  if (!/^[\w-]{1,40}$/.test(id)) throw new LocalApiFailure('profile_id_required');
  return id;
}

async function readJson(request: http.IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw new LocalApiFailure('body_too_large', 413);
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    throw new LocalApiFailure('invalid_json');
  }
}

async function route(method: string, url: URL, request: http.IncomingMessage, deps: LocalApiDeps): Promise<unknown> {
  const path = url.pathname.replace(/\/+$/, '');
  const source = () => {
    const current = deps.source();
    if (!current) throw new NoAccountError();
    return current;
  };
  if (method === 'GET' && path === '/api/v1/status') return null;
  if (method === 'GET' && path === '/api/v1/browser/start') {
    const id = profileIdOf(url);
    const status = await deps.running.start(id, { headless: url.searchParams.get('headless') === '1', openDebugPort: url.searchParams.get('selenium') === '1' });
    return { ws: wsOf(status), debug_port: String(status.debugPort ?? '') };
  }
  if (method === 'GET' && path === '/api/v1/browser/check') {
    const id = profileIdOf(url);
    if (!deps.checkFingerprint) throw new LocalApiFailure('not_found', 404);
    // `lang`: a locale tag (de, zh-CN) or the console's language number; English otherwise.
    return deps.checkFingerprint(id, resolveLanguage(url.searchParams.get('lang') ?? 'en-US').tag, { headless: url.searchParams.get('headless') === '1' });
  }
  if (method === 'GET' && path === '/api/v1/browser/stop') {
    if (!(await deps.running.stop(profileIdOf(url)))) throw new LocalApiFailure('browser_not_running');
    return null;
  }
  if (method === 'GET' && path === '/api/v1/browser/active') {
    const status = deps.running.status(profileIdOf(url));
    return status?.state === 'running' ? { status: 'Active', ws: wsOf(status), debug_port: String(status.debugPort) } : { status: 'Inactive' };
  }
  if (method === 'GET' && path === '/api/v1/browser/local-active') {
    return { list: deps.running.list().filter((s) => s.state === 'running').map((s) => ({ user_id: s.profileId, ws: wsOf(s), debug_port: String(s.debugPort) })) };
  }
  if (method === 'GET' && path === '/api/v1/profile/list') {
    const page = Number(url.searchParams.get('page') ?? 1);
    // The server pages by 20, 40, 60 or 100: the smallest of those that holds what was asked.
    const asked = Number(url.searchParams.get('page_size') ?? 20);
    const limit = limits.pageSizes.find((size) => size >= asked) ?? limits.pageSizes[limits.pageSizes.length - 1]!;
    const found = await source().list({ page, limit, search: url.searchParams.get('search') ?? '', ...(url.searchParams.get('group_id') ? { groupId: url.searchParams.get('group_id')! } : {}) });
    return { list: found.list, total: found.total, page, page_size: limit };
  }
  if (method === 'POST' && path === '/api/v1/profile/create') {
    return { id: (await createProfile(source(), await readJson(request))).id };
  }
  throw new LocalApiFailure('not_found', 404);
}

/** Every field but the name may be left out: the rest comes from a generated, consistent fingerprint. */
async function createProfile(source: ProfileSource, body: unknown) {
  const given = (typeof body === 'object' && body !== null ? body : {}) as Partial<ProfileSettingsInput> & { name?: unknown };
  if (typeof given.name !== 'string' || given.name.trim() === '') throw new LocalApiFailure('name_required');
  const os = operatingSystems.includes(given.os as never) ? given.os! : 'windows';
  const suggestion = await source.suggest(os);
  const fingerprint = { ...suggestion.fingerprint, ...(given.fingerprint ?? {}) };
  return source.create({ groupId: '0', ...suggestion, ...given, os, fingerprint, name: given.name });
}

export interface LocalApi {
  /** The address it listens on (127.0.0.1, 0.0.0.0 or one of this machine's). */
  host: string;
  port: number;
  close(): Promise<void>;
}

export async function startLocalApi(deps: LocalApiDeps, port: number, bindIp = '127.0.0.1'): Promise<LocalApi> {
  const server = http.createServer((request, response) => {
    const send = (status: number, answer: Answer) => response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(answer));
    void (async () => {
      try {
        const hosts = allowedHosts(bindIp);
        const host = hostOf(request.headers.host ?? '');
        const origin = request.headers.origin;
        const originHost = origin === undefined ? null : hostOf(origin.replace(/^https?:\/\//i, ''));
        if (!host || !hosts.has(host) || (origin !== undefined && (!originHost || !hosts.has(originHost)))) {
          throw new LocalApiFailure('not_local', 403);
        }
        const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
        if (!keysMatch(bearer, deps.key)) throw new LocalApiFailure('unauthorized', 401);
        const passwordMatches = deps.password?.();
        if (passwordMatches) {
          const given = request.headers['x-api-password'];
          if (typeof given !== 'string' || given === '') throw new LocalApiFailure('password_required', 401);
          if (!passwordMatches(given)) throw new LocalApiFailure('unauthorized', 401);
        }
        const url = new URL(request.url ?? '/', 'http://127.0.0.1');
        const data = await route(request.method ?? 'GET', url, request, deps);
        send(200, { code: 0, msg: 'success', ...(data === null ? {} : { data }) });
      } catch (error) {
        if (error instanceof LocalApiFailure) return send(error.status, { code: -1, msg: error.errorCode, ...error.extra });
        if (error instanceof StartFailure) {
          return send(200, { code: -1, msg: localApiMessage(error.reason), data: { reason: error.reason, detail: error.detail, ...(error.pluginId ? { pluginId: error.pluginId } : {}) } });
        }
        if (error instanceof ApiError) return send(200, { code: -1, msg: error.code === Code.NOT_FOUND ? 'profile_not_found' : `server_${error.code}` });
        // The caller learns only that it failed; the agent's own output says why, for the user to report.
        console.error(`Facet agent: local API ${(request.url ?? '').split('?')[0]} failed:`, error instanceof Error ? (error.stack ?? error.message) : error);
        send(500, { code: -1, msg: 'internal_error' });
      }
    })();
  });
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
