import { describe, expect, it } from 'vitest';
import { runIn } from '../../test/runScript.ts';

describe('WebRTC', () => {
  const SDP = [
    'v=0',
    'c=IN IP4 192.168.1.20',
    'a=rtcp:9 IN IP4 0.0.0.0',
    'a=candidate:1 1 udp 2122194687 192.168.1.20 56231 typ host generation 0',
    'a=candidate:2 1 udp 2122265343 fd00::2 57608 typ host generation 0',
    'a=candidate:3 1 udp 2113937151 3f42c81e-4bb4-4b88-98ee-287ddba48812.local 60151 typ host generation 0',
    'a=candidate:4 1 udp 1677729535 203.0.113.9 60151 typ srflx raddr 0.0.0.0 rport 0 generation 0',
    'a=candidate:5 1 udp 41885439 198.51.100.7 3478 typ relay raddr 203.0.113.9 rport 60151 generation 0',
    '',
  ].join('\r\n');
  const HIDDEN = [
    'v=0',
    'c=IN IP4 0.0.0.0',
    'a=rtcp:9 IN IP4 0.0.0.0',
    'a=candidate:3 1 udp 2113937151 3f42c81e-4bb4-4b88-98ee-287ddba48812.local 60151 typ host generation 0',
    'a=candidate:5 1 udp 41885439 198.51.100.7 3478 typ relay raddr 203.0.113.9 rport 60151 generation 0',
    '',
  ].join('\r\n');

  const browser = () => {
    const listeners: [string, (event: unknown) => void, unknown][] = [];
    class EventTarget {
      addEventListener(type: string, listener: (event: unknown) => void, capture: unknown) {
        listeners.push([type, listener, capture]);
      }
    }
    class Event {
      stopped = false;
      stopImmediatePropagation() {
        this.stopped = true;
      }
    }
    class RTCIceCandidate {
      constructor(readonly line: string) {}
      get candidate() {
        return this.line;
      }
    }
    class RTCPeerConnectionIceEvent extends Event {
      constructor(readonly found: RTCIceCandidate | null) {
        super();
      }
      get candidate() {
        return this.found;
      }
    }
    class RTCSessionDescription {
      constructor(readonly init: { type: string; sdp: string }) {}
      get type() {
        return this.init.type;
      }
      get sdp() {
        return this.init.sdp;
      }
    }
    const local = new RTCSessionDescription({ type: 'offer', sdp: SDP });
    class RTCPeerConnection extends EventTarget {
      get localDescription() {
        return local;
      }
      createOffer() {
        return Promise.resolve({ type: 'offer', sdp: SDP });
      }
    }
    return { listeners, EventTarget, Event, RTCIceCandidate, RTCPeerConnectionIceEvent, RTCSessionDescription, RTCPeerConnection, webkitRTCPeerConnection: RTCPeerConnection };
  };

  it('"replace" drops what names the machine from candidates, descriptions and offers, and keeps mDNS and relays', async () => {
    const scope = browser();
    runIn(scope, { webrtc: 'replace' });
    expect(scope.webkitRTCPeerConnection).toBe(scope.RTCPeerConnection);
    const connection = new scope.RTCPeerConnection();
    expect(connection.localDescription.sdp).toBe(HIDDEN);
    expect(connection.localDescription).toBe(connection.localDescription);
    expect((await connection.createOffer()).sdp).toBe(HIDDEN);

    const [type, guard, capture] = scope.listeners[0]!;
    expect([type, capture]).toEqual(['icecandidate', true]);
    const stopped = (line: string | null) => {
      const event = new scope.RTCPeerConnectionIceEvent(line === null ? null : new scope.RTCIceCandidate(line));
      guard(event);
      return event.stopped;
    };
    expect(stopped('candidate:1 1 udp 2122194687 192.168.1.20 56231 typ host generation 0')).toBe(true);
    expect(stopped('candidate:4 1 udp 1677729535 203.0.113.9 60151 typ srflx raddr 0.0.0.0 rport 0 generation 0')).toBe(true);
    expect(stopped('candidate:3 1 udp 2113937151 3f42c81e-4bb4-4b88-98ee-287ddba48812.local 60151 typ host generation 0')).toBe(false);
    expect(stopped('candidate:5 1 udp 41885439 198.51.100.7 3478 typ relay raddr 203.0.113.9 rport 60151 generation 0')).toBe(false);
    expect(stopped(null)).toBe(false);
  });

  it('"disabled" leaves no WebRTC interface behind', () => {
    const scope: Record<string, unknown> = browser();
    runIn(scope, { webrtc: 'disabled' });
    expect(Object.keys(scope).filter((name) => /RTC/.test(name))).toEqual([]);
  });
});
