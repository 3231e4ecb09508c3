import crypto from 'node:crypto';
import { fromOwnUser } from '../../net/peerUid.ts';
import type { Socket } from 'node:net';
import type { Proxy } from '@facet/contracts';
import { RequestError, Server } from 'proxy-chain';
import { pinnedLookup, profileLookup, resolveAll } from './hopLookup.ts';
import { isLocalAddress, isLocalDestination } from './localDestinations.ts';

/**
 * Hosts Chromium talks to on its own behalf (updates, safe browsing, sign-in, field trials,
 * optimization hints). Through a profile's proxy they would show the proxy's exit a Chrome
 * install that no real user's Chrome makes, and through the hop they would spend the user's
 * proxy traffic; the hop answers them 403 instead. Sites' own Google services (fonts, maps,
 * analytics) are not in the list.
 */
const chromiumServiceHosts = new Set([
  'accounts.google.com',
  'android.clients.google.com',
  'clients1.google.com',
  'clients2.google.com',
  'clients3.google.com',
  'clients4.google.com',
  'clients5.google.com',
  'clients6.google.com',
  'clientservices.googleapis.com',
  'content-autofill.googleapis.com',
  'optimizationguide-pa.googleapis.com',
  'safebrowsing.googleapis.com',
  'safebrowsingohttpgateway.googleapis.com',
  'sb-ssl.google.com',
  'update.googleapis.com',
  'redirector.gvt1.com',
  'edgedl.me.gvt1.com',
  'dl.google.com',
  'chromesyncpasswords-pa.googleapis.com',
  'chromewebstore.googleapis.com',
  'ssl.gstatic.com',
  'www.gstatic.com',
]);

function isChromiumServiceHost(hostname: string): boolean {
  return chromiumServiceHosts.has(hostname.toLowerCase().replace(/\.$/, ''));
}

/** The upstream as proxy-chain takes it, credentials included; null for a direct profile. */
export function upstreamUrl(proxy: Proxy): string | null {
  if (proxy.direct || proxy.type === 'none') return null;
  const scheme = proxy.type === 'socks5' ? 'socks5' : proxy.type;
  const auth = proxy.username ? `${encodeURIComponent(proxy.username)}:${encodeURIComponent(proxy.password)}@` : '';
  const host = proxy.host.includes(':') && !proxy.host.startsWith('[') ? `[${proxy.host}]` : proxy.host;
  return `${scheme}://${auth}${host}:${proxy.port}`;
}

/**
 * A refused local port must look like one where nothing listens: any answer from the hop (even
 * a 403) would be an HTTP response the page can tell from a closed port, so the connection is
 * dropped without one.
 */
function refuseAsClosed(socket: Socket): never {
  socket.destroy();
  throw new RequestError('Port of this machine not in the profile whitelist', 403);
}

/**
 * Counted allowances of ports: `allow(port)` until the returned function is called; two
 * allowances of one port keep it open until both end.
 */
function portAllowances() {
  const ports = new Map<number, number>();
  return {
    has: (port: number) => ports.has(port),
    allow(port: number): () => void {
      ports.set(port, (ports.get(port) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (ports.get(port) ?? 1) - 1;
        if (left > 0) ports.set(port, left);
        else ports.delete(port);
      };
    },
  };
}

interface HopOptions {
  proxy: Proxy;
  /** The profile's DNS servers; empty: the system's. */
  dns: readonly string[];
  /** Ports of this machine the profile's pages may reach; null: port-scan protection is off. */
  localPorts: ReadonlySet<number> | null;
}

export interface ProxyHop {
  /** `127.0.0.1:port`, for Chromium's --proxy-server. */
  address: string;
  /**
   * Proxy-Authorization for the agent's own requests through the hop (the exit-address check):
   * they go to the upstream whatever the page rules say. Chromium never sends credentials to
   * the hop, as the hop never asks for any.
   */
  agentAuthorization: string;
  /** Requests refused because Chromium made them for itself. */
  blocked(): number;
  /**
   * Lets this profile's pages reach 127.0.0.1:`port` whatever its whitelist, until the returned
   * function is called: the agent's own check page, while a check of this profile is open.
   */
  allowAgentPort(port: number): () => void;
  close(): Promise<void>;
}

/**
 * A profile's local proxy hop on 127.0.0.1: Chromium takes no proxy credentials and no SOCKS
 * auth, so it talks to this hop without any, and the hop carries the page's traffic to the
 * profile's upstream with them (or straight out for a direct profile).
 *
 * Port-scan protection: with it on, Chromium sends loopback through the hop too (see the launch's
 * `<-loopback>`), and the hop lets a page reach this machine only on the whitelisted ports —
 * directly, as the service is here and not behind the proxy. A direct profile also checks what a
 * name resolves to, so a domain pointing at 127.0.0.1 gets no further.
 */
export async function startProxyHop({ proxy, dns, localPorts }: HopOptions): Promise<ProxyHop> {
  const upstream = upstreamUrl(proxy);
  const agentUser = crypto.randomBytes(12).toString('hex');
  const agentPassword = crypto.randomBytes(24).toString('hex');
  const lookup = dns.length > 0 ? profileLookup(dns) : undefined;
  let blocked = 0;
  const agentPorts = portAllowances();
  const ownUser = new WeakMap<Socket, Promise<boolean>>();
  const server = new Server({
    port: 0,
    host: '127.0.0.1',
    prepareRequestFunction: async ({ request, hostname, port, username, password }) => {
      // Nothing is sent on before the connection is known to be of the agent's own user.
      if (!(await (ownUser.get(request.socket) ?? fromOwnUser(request.socket)))) throw new RequestError('Not a process of this user', 403);
      if (username === agentUser && password === agentPassword) return { upstreamProxyUrl: upstream, dnsLookup: lookup };
      // A port nothing can listen on names no destination: a bad request (400), not a
      // connection tried and refused (proxy-chain's 5xx), whoever would carry it.
      if (!(port >= 1 && port <= 65535)) throw new RequestError('Not a port a server can listen on', 400);
      if (isChromiumServiceHost(hostname)) {
        blocked++;
        throw new RequestError('Blocked by the profile hop', 403);
      }
      // The agent's own page is here on loopback, never behind the proxy; by address only, so no
      // other service that may listen on that port under another local name is let through.
      if (agentPorts.has(port) && hostname === '127.0.0.1') return { upstreamProxyUrl: null };
      if (localPorts === null || localPorts.has(port)) {
        // A whitelisted port of this machine is reached here, not behind the proxy.
        return { upstreamProxyUrl: localPorts !== null && isLocalDestination(hostname) ? null : upstream, dnsLookup: lookup };
      }
      if (isLocalDestination(hostname)) refuseAsClosed(request.socket);
      // Through an upstream the name is resolved over there, on the proxy's side.
      if (upstream) return { upstreamProxyUrl: upstream, dnsLookup: lookup };
      const addresses = await resolveAll(lookup ?? profileLookup([]), hostname);
      if (addresses.some((a) => isLocalAddress(a.address))) refuseAsClosed(request.socket);
      return { upstreamProxyUrl: null, dnsLookup: addresses.length > 0 ? pinnedLookup(addresses) : lookup };
    },
  });
  // The hop spends the profile's proxy account: only processes of the agent's own user (the
  // profile's Chromium is one) may use it, not another user of this machine. Asked once per
  // connection as it comes; its requests wait for the answer, and another user's is cut.
  server.server.prependListener('connection', (socket: Socket) => {
    const own = fromOwnUser(socket);
    ownUser.set(socket, own);
    void own.then((yes) => yes || socket.destroy());
  });
  // A dropped connection is the page's business; the hop only must not crash the agent.
  server.on('requestFailed', () => {});
  await server.listen();
  let closing: Promise<void> | null = null;
  return {
    address: `127.0.0.1:${server.port}`,
    agentAuthorization: `Basic ${Buffer.from(`${agentUser}:${agentPassword}`).toString('base64')}`,
    blocked: () => blocked,
    allowAgentPort: (port) => agentPorts.allow(port),
    close: () => (closing ??= server.close(true)),
  };
}
