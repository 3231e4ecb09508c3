import { afterEach, describe, expect, it } from 'vitest';
import { identityScript, type PageScriptOptions } from './identityScript.ts';

/*
 * The script's own logic against small stand-ins for the browser's interfaces (e2e/tests/
 * launch.test.ts runs it in real Chromium). The script takes `globalThis` as its scope, so a
 * parameter of that name gives it the stand-ins instead of this process's globals.
 */
const base: PageScriptOptions = {
  deviceMemory: 8,
  platform: 'Win32',
  hardwareConcurrency: 8,
  languages: ['en-US'],
  noiseSeed: 1,
  canvas: false,
  audio: false,
  webglImage: false,
  webglVendor: '',
  webglRenderer: '',
  webglLimits: null,
  fonts: null,
  mediaDevices: null,
  battery: false,
  webrtc: 'untouched',
};

// The script disguises Function.prototype.toString; give this process its own back.
const nativeToString = Object.getOwnPropertyDescriptor(Function.prototype, 'toString')!;
afterEach(() => Object.defineProperty(Function.prototype, 'toString', nativeToString));

function runIn(scope: object, options: Partial<PageScriptOptions>): void {
  new Function('globalThis', identityScript({ ...base, ...options }))(scope);
}

const illegal = (): never => {
  throw new TypeError('Illegal invocation');
};

describe('battery', () => {
  /** A stand-in BatteryManager whose getters, like the engine's, refuse a foreign receiver. */
  const batteryFor = (noiseSeed: number) => {
    class BatteryManager {
      get charging(): boolean {
        return this instanceof BatteryManager ? true : illegal();
      }
      get level(): number {
        return this instanceof BatteryManager ? 1 : illegal();
      }
      get chargingTime(): number {
        return this instanceof BatteryManager ? 0 : illegal();
      }
      get dischargingTime(): number {
        return this instanceof BatteryManager ? Infinity : illegal();
      }
    }
    runIn({ BatteryManager }, { battery: true, noiseSeed });
    expect(() => Object.getOwnPropertyDescriptor(BatteryManager.prototype, 'level')!.get!.call({})).toThrow('Illegal invocation');
    const { charging, level, chargingTime, dischargingTime } = new BatteryManager();
    return { charging, level, chargingTime, dischargingTime };
  };

  it('is plausible for every seed, the same for the same seed, and differs between seeds', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 300; seed++) {
      const battery = batteryFor(seed);
      expect(Math.round(battery.level * 100) / 100).toBe(battery.level);
      expect(battery.level).toBeGreaterThan(0);
      expect(battery.level).toBeLessThanOrEqual(1);
      if (battery.charging) {
        expect(battery.dischargingTime).toBe(Infinity);
        expect(battery.chargingTime === 0).toBe(battery.level === 1);
        expect(Number.isInteger(battery.chargingTime)).toBe(true);
      } else {
        expect(battery.chargingTime).toBe(Infinity);
        expect(Number.isInteger(battery.dischargingTime) && battery.dischargingTime > 0).toBe(true);
      }
      seen.add(JSON.stringify(battery));
    }
    // Desktops on mains all look alike; the laptops spread.
    expect(seen.size).toBeGreaterThan(100);
    expect(batteryFor(7)).toEqual(batteryFor(7));
  });
});

describe('media devices', () => {
  const browserWith = (granted: string[], origin = 'https://a.example') => {
    class MediaDeviceInfo {
      get deviceId(): string {
        return illegal();
      }
      get kind(): string {
        return illegal();
      }
      get label(): string {
        return illegal();
      }
      get groupId(): string {
        return illegal();
      }
      toJSON(): unknown {
        return illegal();
      }
    }
    class InputDeviceInfo extends MediaDeviceInfo {
      getCapabilities(): unknown {
        return illegal();
      }
    }
    class MediaDevices {
      enumerateDevices() {
        return Promise.resolve([]);
      }
      getUserMedia(_constraints: unknown) {
        return Promise.resolve('a stream');
      }
    }
    class Permissions {
      query(descriptor: { name: string }) {
        return Promise.resolve({ state: granted.includes(descriptor.name) ? 'granted' : 'prompt' });
      }
    }
    class Navigator {}
    const navigator = Object.assign(new Navigator(), { permissions: new Permissions() });
    return { MediaDevices, MediaDeviceInfo, InputDeviceInfo, Permissions, Navigator, navigator, location: { origin } };
  };
  interface Device {
    deviceId: string;
    kind: string;
    label: string;
    groupId: string;
  }
  const list = async (scope: ReturnType<typeof browserWith>) =>
    (await new scope.MediaDevices().enumerateDevices()).map((d: unknown) => {
      const device = d as Device & { toJSON(): Device };
      expect(device.toJSON()).toEqual({ deviceId: device.deviceId, kind: device.kind, label: device.label, groupId: device.groupId });
      return { ...device.toJSON(), input: device instanceof scope.InputDeviceInfo };
    });
  const counts = { audioinput: 2, videoinput: 1, audiooutput: 3 };

  it('shows one empty entry per kind before permission, as Chromium does', async () => {
    const scope = browserWith([]);
    runIn(scope, { mediaDevices: counts });
    expect(await list(scope)).toEqual([
      { deviceId: '', kind: 'audioinput', label: '', groupId: '', input: true },
      { deviceId: '', kind: 'videoinput', label: '', groupId: '', input: true },
      { deviceId: '', kind: 'audiooutput', label: '', groupId: '', input: false },
    ]);
  });

  it('shows every device once allowed, with ids stable per profile and origin', async () => {
    const read = async (noiseSeed: number, origin: string) => {
      const scope = browserWith(['camera', 'microphone'], origin);
      runIn(scope, { mediaDevices: counts, noiseSeed });
      return list(scope);
    };
    const first = await read(1, 'https://a.example');
    expect(first.map((d) => `${d.kind} ${d.deviceId.length === 64 ? 'id' : d.deviceId}`)).toEqual([
      'audioinput default',
      'audioinput communications',
      'audioinput id',
      'audioinput id',
      'videoinput id',
      'audiooutput default',
      'audiooutput communications',
      'audiooutput id',
      'audiooutput id',
      'audiooutput id',
    ]);
    expect(first.every((d) => d.label !== '' && /^[0-9a-f]{64}$/.test(d.groupId))).toBe(true);
    expect(await read(1, 'https://a.example')).toEqual(first);
    expect((await read(2, 'https://a.example'))[2]!.deviceId).not.toBe(first[2]!.deviceId);
    expect((await read(1, 'https://b.example'))[2]!.deviceId).not.toBe(first[2]!.deviceId);
  });

  it('shows nothing when off, and getUserMedia fails as on a machine without the device', async () => {
    const scope = browserWith(['camera', 'microphone']);
    runIn(scope, { mediaDevices: { audioinput: 0, videoinput: 0, audiooutput: 0 } });
    expect(await list(scope)).toEqual([]);
    await expect(new scope.MediaDevices().getUserMedia({ audio: true })).rejects.toMatchObject({ name: 'NotFoundError', message: 'Requested device not found' });
    const some = browserWith([]);
    runIn(some, { mediaDevices: { audioinput: 1, videoinput: 0, audiooutput: 1 } });
    expect(await new some.MediaDevices().getUserMedia({ audio: true })).toBe('a stream');
    await expect(new some.MediaDevices().getUserMedia({ audio: true, video: true })).rejects.toMatchObject({ name: 'NotFoundError' });
  });
});

describe('fonts', () => {
  it('turns local() faces off the list into a font that does not exist', () => {
    const sources: unknown[] = [];
    class FontFace {
      constructor(_family: string, source: unknown) {
        sources.push(source);
      }
      get family(): string {
        return illegal();
      }
    }
    const scope = { FontFace };
    runIn(scope, { fonts: ['Arial', 'Segoe UI'] });
    const Replaced = (scope as { FontFace: new (family: string, source: unknown) => unknown }).FontFace;
    new Replaced('a', 'local("Arial Bold"), local(\'SegoeUI-Semibold\'), local(DejaVu Sans), url(x.woff2)');
    const buffer = new ArrayBuffer(8);
    new Replaced('b', buffer);
    expect(sources).toEqual(['local("Arial Bold"), local(\'SegoeUI-Semibold\'), local("zz-absent-font"), url(x.woff2)', buffer]);
    expect(new Replaced('c', 'local(Arial)')).toBeInstanceOf(FontFace);
    expect(FontFace.prototype.constructor).toBe(Replaced);
  });

  it('draws canvas text without unlisted families and reads back what the page set', () => {
    class CanvasRenderingContext2D {
      engineFont = '10px sans-serif';
      get font(): string {
        return this.engineFont;
      }
      set font(value: string) {
        this.engineFont = value.replace(/\s+/g, ' ').replace(/'/g, '"');
      }
    }
    runIn({ CanvasRenderingContext2D }, { fonts: ['Arial'] });
    const context = new CanvasRenderingContext2D();
    context.font = "bold 72px/1.2 'DejaVu Sans', Arial, \"Noto, Sans\",  monospace";
    expect(context.engineFont).toBe('bold 72px/1.2 "zz-absent-font", Arial, "zz-absent-font", monospace');
    expect(context.font).toBe('bold 72px/1.2 "DejaVu Sans", Arial, "Noto, Sans", monospace');
    context.font = '12px Arial, serif';
    expect([context.engineFont, context.font]).toEqual(['12px Arial, serif', '12px Arial, serif']);
  });
});

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
