import type http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { sameSecret } from '../../net/sameSecret.ts';
import { LocalApiFailure } from './failures.ts';

/**
 * Who may use the local API: a request whose Host (and any Origin) is this machine by address,
 * with the key on every request (and the settings' password when one is set). A web page cannot
 * reach it by DNS rebinding or a cross-site request: it can neither name us by address in Host
 * nor send the Authorization header without a preflight we never answer (no CORS).
 *
 * The password comes in addition to the key, never instead of it (header `X-Api-Password`): the
 * key is a 192-bit random secret, a password is what a person chose and may reuse, so on its own
 * it would make an API reachable from the network guessable. With both, the password is what a
 * user can change (or give a colleague on the LAN) without replacing the key in every script.
 */

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

interface GuardOptions {
  key: string;
  bindIp: string;
  /** The settings' password check, asked on every request; null when no password is set. */
  password?: () => ((given: string) => boolean) | null;
}

/** Throws the refusal (`not_local` 403, `unauthorized` / `password_required` 401) unless the request may go on. */
export function admit(request: http.IncomingMessage, options: GuardOptions): void {
  const hosts = allowedHosts(options.bindIp);
  const host = hostOf(request.headers.host ?? '');
  const origin = request.headers.origin;
  const originHost = origin === undefined ? null : hostOf(origin.replace(/^https?:\/\//i, ''));
  if (!host || !hosts.has(host) || (origin !== undefined && (!originHost || !hosts.has(originHost)))) {
    throw new LocalApiFailure('not_local', 403);
  }
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  if (!sameSecret(bearer, options.key)) throw new LocalApiFailure('unauthorized', 401);
  const passwordMatches = options.password?.();
  if (passwordMatches) {
    const given = request.headers['x-api-password'];
    if (typeof given !== 'string' || given === '') throw new LocalApiFailure('password_required', 401);
    if (!passwordMatches(given)) throw new LocalApiFailure('unauthorized', 401);
  }
}
