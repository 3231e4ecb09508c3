import type http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { peerUid } from '../../net/peerUid.ts';
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
 *
 * Keyless (a local setting, off by default, as AdsPower's "security verification" off): a request
 * without the key is let in only when it can only be a program of this user on this machine —
 * nothing a browser sends (so no web page, whatever it rebinds or embeds: fromABrowser), and a
 * connection the kernel's socket table shows as this user's (so no other local user, and nothing
 * from the network). Where the system cannot tell who connects, keyless lets no one in.
 */

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * The name AdsPower's documented scripts call (`http://local.adspower.net:50325`): public DNS
 * answers 127.0.0.1 for it. Taken in Host beside the addresses so those scripts run unchanged. A
 * rebinding attacker cannot use it without spoofing that name's answers, and a page — served under
 * it by a spoofer or another local server, or linking to it — still sends what only a browser
 * sends, which the keyless door refuses; with the key, a page has no key to send.
 */
const ADSPOWER_HOST = 'local.adspower.net';

/** How an address appears in a Host header: IPv6 in brackets. */
const hostForm = (address: string) => (net.isIPv6(address) ? `[${address}]` : address);

/**
 * The names a request may carry in Origin (and, with AdsPower's name, in Host): loopback, and
 * when bound elsewhere, that address (all of this machine's addresses for 0.0.0.0, read at each
 * request as interfaces come and go). Only addresses, never names: a name is what DNS rebinding
 * points at us.
 */
function allowedOrigins(bindIp: string): Set<string> {
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
  /** Whether a request without the key may come in (local settings), asked on every request. */
  keyless?: () => boolean;
}

/**
 * What only a browser sends. Origin and Sec-Fetch-* alone are not enough: browsers send
 * Sec-Fetch-* only to potentially trustworthy origins (loopback addresses, https), so an `<img>`
 * or a link to `http://local.adspower.net:50325/…` — a name, over http — carries neither. What
 * such a request cannot help carrying is the browser's own User-Agent (a page cannot change it on
 * a request that sends no Origin), and often a Referer or Upgrade-Insecure-Requests. Scripts'
 * HTTP clients name themselves (python-requests, node, curl, Go-http-client, okhttp).
 */
const BROWSER_HEADERS = new Set(['origin', 'referer', 'upgrade-insecure-requests', 'sec-fetch-site', 'sec-fetch-dest', 'sec-fetch-user']);

function fromABrowser(request: http.IncomingMessage): boolean {
  const headers = request.headers;
  if (/^Mozilla\//i.test(headers['user-agent'] ?? '')) return true;
  // Not Sec-Fetch-Mode: Node's own fetch sends it (as the Fetch standard says); a browser that
  // sends it sends Sec-Fetch-Site and Sec-Fetch-Dest with it.
  return Object.keys(headers).some((name) => BROWSER_HEADERS.has(name) || name.startsWith('sec-ch-ua'));
}

/** Whether a request without the key can only come from a program of this user here (see above). */
async function keylessAllowed(request: http.IncomingMessage): Promise<boolean> {
  // A user's own address-bar visit is a browser too: keyless is for scripts only.
  if (fromABrowser(request)) return false;
  const ownUid = process.getuid?.();
  if (ownUid === undefined) return false;
  return (await peerUid(request.socket)) === ownUid;
}

/** Throws the refusal (`not_local` 403, `unauthorized` / `password_required` 401) unless the request may go on. */
export async function admit(request: http.IncomingMessage, options: GuardOptions): Promise<void> {
  const hosts = allowedOrigins(options.bindIp);
  const host = hostOf(request.headers.host ?? '');
  const origin = request.headers.origin;
  const originHost = origin === undefined ? null : hostOf(origin.replace(/^https?:\/\//i, ''));
  if (!host || !(hosts.has(host) || host === ADSPOWER_HOST) || (origin !== undefined && (!originHost || !hosts.has(originHost)))) {
    throw new LocalApiFailure('not_local', 403);
  }
  const authorization = request.headers.authorization;
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? '';
  // Keyless takes only a request that sends no key at all (AdsPower's scripts send none, or
  // `Bearer ` with an empty one); a wrong key is still refused as one.
  const sendsNoKey = bearer === '' && (authorization === undefined || /^(Bearer\s*)?$/i.test(authorization.trim()));
  const keyless = sendsNoKey && options.keyless?.() === true;
  if (keyless ? !(await keylessAllowed(request)) : !sameSecret(bearer, options.key)) throw new LocalApiFailure('unauthorized', 401);
  const passwordMatches = options.password?.();
  if (passwordMatches) {
    const given = request.headers['x-api-password'];
    if (typeof given !== 'string' || given === '') throw new LocalApiFailure('password_required', 401);
    if (!passwordMatches(given)) throw new LocalApiFailure('unauthorized', 401);
  }
}
