import { describe, expect, it } from 'vitest';
import { classifyWebrtc, parseCandidate } from './webrtcLeaks.ts';

const machine = new Set(['127.0.0.1', '::1', '192.168.1.20', 'fe80::1']);
const facts = { setting: 'real', proxied: true, stunReached: false, machineAddresses: machine };
const mdns = 'candidate:1 1 udp 2113937151 5b0f4c52-6a1e-4d5b-8c2e-1d2e3f4a5b6c.local 54321 typ host generation 0 ufrag abcd network-cost 999';
const host = 'candidate:2 1 udp 2122260223 192.168.1.20 54321 typ host generation 0 ufrag abcd network-id 1';
const srflx = 'candidate:3 1 udp 1686052607 203.0.113.7 54321 typ srflx raddr 192.168.1.20 rport 54321 generation 0';
const relay = 'candidate:4 1 udp 41885439 198.51.100.9 3478 typ relay raddr 0.0.0.0 rport 0 generation 0';

describe('parseCandidate', () => {
  it('reads the address, protocol, type and related address of a candidate line, with or without a=', () => {
    expect(parseCandidate(srflx)).toEqual({ address: '203.0.113.7', protocol: 'udp', type: 'srflx', relatedAddress: '192.168.1.20' });
    expect(parseCandidate(`a=${host}`)).toEqual({ address: '192.168.1.20', protocol: 'udp', type: 'host', relatedAddress: null });
    expect(parseCandidate('not a candidate')).toBeNull();
  });
});

describe('classifyWebrtc', () => {
  it('calls mDNS names and a relay outside this machine protected', () => {
    const result = classifyWebrtc({ available: true, candidates: [mdns, relay] }, facts);
    expect(result.verdict).toBe('protected');
    expect(result.candidates.map((c) => c.machineAddress)).toEqual([false, false]);
  });

  it('calls a candidate naming this machine\'s address a leak, as itself or as the base of a reflexive one', () => {
    expect(classifyWebrtc({ available: true, candidates: [host] }, facts)).toMatchObject({ verdict: 'leak', candidates: [{ address: '192.168.1.20', type: 'host', machineAddress: true }] });
    expect(classifyWebrtc({ available: true, candidates: [srflx] }, facts)).toMatchObject({ verdict: 'leak', candidates: [{ address: '203.0.113.7', machineAddress: true }] });
  });

  it('does not count loopback as giving the machine away', () => {
    const loop = 'candidate:5 1 udp 2122260223 127.0.0.1 40000 typ host generation 0';
    expect(classifyWebrtc({ available: true, candidates: [loop] }, facts).verdict).toBe('protected');
  });

  it('calls UDP that reached the STUN server outside a proxy a leak, but not for a profile without one', () => {
    expect(classifyWebrtc({ available: true, candidates: [mdns] }, { ...facts, stunReached: true }).verdict).toBe('leak');
    expect(classifyWebrtc({ available: true, candidates: [mdns] }, { ...facts, proxied: false, stunReached: true }).verdict).toBe('protected');
  });

  it('says disabled when the page has no WebRTC, and lists a candidate once', () => {
    expect(classifyWebrtc({ available: false, candidates: [] }, { ...facts, setting: 'disabled' })).toMatchObject({ verdict: 'disabled', setting: 'disabled', candidates: [] });
    expect(classifyWebrtc({ available: true, candidates: [mdns, mdns] }, facts).candidates).toHaveLength(1);
  });
});
