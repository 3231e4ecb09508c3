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
  ['::', 96], // unspecified, loopback and the old IPv4-compatible form
  ['64:ff9b:1::', 48], // NAT64 for local use
  ['100::', 64], // discard
  ['2001::', 32], // Teredo: a tunnel to wherever its embedded server says
  ['2001:db8::', 32], // documentation
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) notPublic.addSubnet(network, prefix, 'ipv6');

/** An IPv6 address's eight 16-bit groups, a dotted IPv4 tail read as two; null if it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The IPv4 address an IPv6 one carries to the IPv4 internet, judged as that address: mapped
 * (::ffff:a.b.c.d, in either notation), NAT64 (64:ff9b::/96) and 6to4 (2002:AABB:CCDD::/48).
 * Otherwise `64:ff9b::7f00:1` would reach 127.0.0.1 through a NAT64 gateway as a public address.
 */
function embeddedIPv4(groups: readonly number[]): string | null {
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  if (zeros(0, 5) && groups[5] === 0xffff) return v4(groups[6]!, groups[7]!);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return v4(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!);
  return null;
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublic.check(address, 'ipv4');
  const groups = ipv6Groups(address);
  if (!groups) return false;
  const inner = embeddedIPv4(groups);
  if (inner) return !notPublic.check(inner, 'ipv4');
  return !notPublic.check(address, 'ipv6');
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
