import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { Proxy } from '@facet/contracts';

/**
 * Addresses the relay does not connect to unless the operator allows it: this machine, private
 * and shared networks, link-local (cloud metadata services live there), and what is not unicast.
 */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) notPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) notPublic.addSubnet(network, prefix, 'ipv6');

export function isPublicAddress(address: string): boolean {
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return !notPublic.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return false;
  return !notPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why the relay does not carry a start's traffic to the owner's proxy. */
export class UpstreamRefused extends Error {
  constructor(readonly reason: 'no-proxy' | 'not-public' | 'unresolved') {
    super(`upstream refused: ${reason}`);
  }
}

/**
 * The owner's proxy as proxy-chain takes it, credentials included. Its name is resolved here and
 * every address it has must be public (unless `privateUpstreams`); an HTTP or SOCKS proxy is then
 * dialled at the address checked, so a name cannot resolve to something else a moment later. An
 * HTTPS proxy keeps its name, which its certificate is checked against.
 */
export async function upstreamProxyUrl(proxy: Proxy, privateUpstreams: boolean): Promise<string> {
  if (proxy.direct || proxy.type === 'none' || !proxy.host) throw new UpstreamRefused('no-proxy');
  const bare = proxy.host.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(bare)) addresses = [bare];
  else {
    try {
      addresses = (await lookup(bare, { all: true })).map((a) => a.address);
    } catch {
      throw new UpstreamRefused('unresolved');
    }
  }
  if (addresses.length === 0) throw new UpstreamRefused('unresolved');
  if (!privateUpstreams && !addresses.every(isPublicAddress)) throw new UpstreamRefused('not-public');
  const host = proxy.type === 'https' ? bare : addresses[0]!;
  const auth = proxy.username || proxy.password ? `${encodeURIComponent(proxy.username)}:${encodeURIComponent(proxy.password)}@` : '';
  return `${proxy.type}://${auth}${isIP(host) === 6 ? `[${host}]` : host}:${proxy.port}`;
}
