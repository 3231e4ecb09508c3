import net from 'node:net';
import type { CheckObservation, CheckReport, WebrtcCandidate } from '@facet/contracts';

interface ParsedCandidate {
  address: string;
  protocol: string;
  type: string;
  /** The related address (a reflexive or relay candidate's base), when the line names one. */
  relatedAddress: string | null;
}

/** `candidate:842163049 1 udp 1677729535 203.0.113.5 56143 typ srflx raddr 10.0.0.2 rport 0 …` (RFC 8839). */
export function parseCandidate(line: string): ParsedCandidate | null {
  const fields = line.replace(/^a=/, '').trim().split(/\s+/);
  if (!fields[0]?.startsWith('candidate:') || fields.length < 8 || fields[6] !== 'typ') return null;
  const raddr = fields.indexOf('raddr');
  return { address: fields[4]!, protocol: fields[2]!.toLowerCase(), type: fields[7]!, relatedAddress: raddr > 0 ? (fields[raddr + 1] ?? null) : null };
}

const normal = (address: string) => address.toLowerCase().replace(/^\[|\]$/g, '').replace(/^::ffff:(?=\d+\.)/, '');

/** Loopback and the unspecified address say nothing about where the machine is. */
function isSilent(address: string): boolean {
  const ip = normal(address);
  return (net.isIPv4(ip) && (ip.startsWith('127.') || ip === '0.0.0.0')) || ip === '::1' || ip === '::';
}

interface WebrtcFacts {
  /** The profile's WebRTC setting. */
  setting: string;
  /** The profile has a proxy: an address outside it is this machine's own. */
  proxied: boolean;
  /** The agent's STUN server heard the browser. */
  stunReached: boolean;
  /** This machine's own addresses (os.networkInterfaces()). */
  machineAddresses: ReadonlySet<string>;
}

/**
 * What the gathered candidates give away: one naming an address of this machine (as itself or as
 * the base of a reflexive candidate) is a leak, and so is UDP that reached a STUN server outside
 * the proxy, because a public one would answer with this machine's public address.
 */
export function classifyWebrtc(observed: CheckObservation['webrtc'], facts: WebrtcFacts): CheckReport['webrtc'] {
  const own = new Set([...facts.machineAddresses].map(normal));
  const names = (address: string | null) => address !== null && !isSilent(address) && own.has(normal(address));
  const candidates: WebrtcCandidate[] = [];
  for (const line of observed.candidates) {
    const parsed = parseCandidate(line);
    if (!parsed) continue;
    const candidate = { address: parsed.address, type: parsed.type, protocol: parsed.protocol, machineAddress: names(parsed.address) || names(parsed.relatedAddress) };
    if (!candidates.some((c) => c.address === candidate.address && c.type === candidate.type && c.protocol === candidate.protocol)) candidates.push(candidate);
  }
  const leak = candidates.some((c) => c.machineAddress) || (facts.proxied && facts.stunReached);
  return {
    verdict: !observed.available ? 'disabled' : leak ? 'leak' : 'protected',
    setting: facts.setting,
    candidates,
    stunReached: facts.stunReached,
    proxied: facts.proxied,
    ...(observed.error ? { error: observed.error } : {}),
  };
}
