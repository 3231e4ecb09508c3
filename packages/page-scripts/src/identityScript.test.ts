import { describe, expect, it } from 'vitest';
import { identityScript, type PageScriptOptions } from './identityScript.ts';

/*
 * The script's own logic against small stand-ins for the browser's interfaces (e2e/tests/
 * launch.test.ts runs it in real Chromium). The script takes `globalThis` as its scope, so a
 * parameter of that name gives it the stand-ins instead of this process's globals.
 */
const base: PageScriptOptions = {
  navigator: {},
  workerNavigator: {},
  platform: 'Win32',
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

function runIn(scope: object, options: Partial<PageScriptOptions>): void {
  const script = identityScript({ ...base, ...options });
  if (script === null) throw new Error('the options ask for no script');
  new Function('globalThis', script)(scope);
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

describe('what the script installs', () => {
  it('is nothing at all when the profile changes nothing a script must carry', () => {
    expect(identityScript(base)).toBeNull();
  });

  it('replaces no shared built-in, and only what the options name', () => {
    const toString = Function.prototype.toString;
    class Navigator {
      get deviceMemory(): number {
        return this instanceof Navigator ? 16 : illegal();
      }
      get platform(): string {
        return this instanceof Navigator ? 'Linux x86_64' : illegal();
      }
    }
    const platformGetter = Object.getOwnPropertyDescriptor(Navigator.prototype, 'platform')!.get;
    runIn({ Navigator }, { navigator: { deviceMemory: 4 } });
    expect(Function.prototype.toString).toBe(toString);
    expect(new Navigator().deviceMemory).toBe(4);
    expect(Object.getOwnPropertyDescriptor(Navigator.prototype, 'platform')!.get).toBe(platformGetter);
  });

  it('stands in with a proxy of the engine function: its name and keys, a wrong receiver still refused, a prototype cycle refused', () => {
    class Navigator {
      get deviceMemory(): number {
        return this instanceof Navigator ? 16 : illegal();
      }
    }
    const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'deviceMemory')!.get!;
    runIn({ Navigator }, { navigator: { deviceMemory: 2 } });
    const getter = Object.getOwnPropertyDescriptor(Navigator.prototype, 'deviceMemory')!.get!;
    expect(getter).not.toBe(original);
    expect([getter.name, getter.length, Object.getOwnPropertyNames(getter).sort()]).toEqual([original.name, original.length, Object.getOwnPropertyNames(original).sort()]);
    expect(() => getter.call({})).toThrow('Illegal invocation');
    // On a bare proxy this succeeds and the next lookup overflows the stack; the engine refuses it.
    expect(() => Object.setPrototypeOf(getter, Object.create(getter))).toThrow(TypeError);
    expect(Reflect.setPrototypeOf(getter, Object.create(getter))).toBe(false);
    expect(Object.getPrototypeOf(getter)).toBe(Function.prototype);
    // A page's own proxy whose chain never ends: taken as no cycle, as the engine takes it, and no hang.
    const endless: object = new Proxy({}, { getPrototypeOf: () => endless });
    expect(Reflect.setPrototypeOf(getter, endless)).toBe(true);
    expect(Reflect.setPrototypeOf(getter, Function.prototype)).toBe(true);
  });

  it('gives workers only the worker fields', () => {
    class WorkerNavigator {
      get platform(): string {
        return this instanceof WorkerNavigator ? 'Linux x86_64' : illegal();
      }
    }
    runIn({ WorkerNavigator }, { workerNavigator: { platform: 'Win32' } });
    expect(new WorkerNavigator().platform).toBe('Win32');
    class Navigator {
      get platform(): string {
        return this instanceof Navigator ? 'Linux x86_64' : illegal();
      }
    }
    // A window (it has a document) keeps what CDP gives it.
    runIn({ Navigator, document: {} }, { workerNavigator: { platform: 'Win32' } });
    expect(new Navigator().platform).toBe('Linux x86_64');
  });
});

describe('canvas noise', () => {
  /** A stand-in 2D context over an RGBA pixel array of the given width. */
  const canvasWith = (pixels: number[][], width: number, noiseSeed: number) => {
    class CanvasRenderingContext2D {
      getImageData(x: number, y: number, w: number, h: number) {
        // As the engine: numbers truncated (WebIDL long), a negative size reads to the left of / above the point.
        [x, y, w, h] = [x, y, w, h].map((v) => Math.trunc(Number(v))) as [number, number, number, number];
        if (w < 0) [x, w] = [x + w, -w];
        if (h < 0) [y, h] = [y + h, -h];
        const data: number[] = [];
        for (let row = y; row < y + h; row++) for (let col = x; col < x + w; col++) data.push(...pixels[row * width + col]!);
        return { data: Uint8ClampedArray.from(data), width: w, height: h };
      }
    }
    runIn({ CanvasRenderingContext2D, Uint8ClampedArray }, { canvas: true, noiseSeed });
    return new CanvasRenderingContext2D();
  };
  const edge = Array.from({ length: 64 * 64 }, (_v, i) => [10 + (i % 200), 20, 30, 1 + (i % 250)]);
  const opaque = Array.from({ length: 64 * 64 }, (_v, i) => [i % 256, 7, 9, 255]);

  it('leaves opaque and empty pixels exactly as painted', () => {
    const read = canvasWith(opaque, 64, 5).getImageData(0, 0, 64, 64);
    expect(Array.from(read.data)).toEqual(opaque.flat());
  });

  it('is applied once however often the same script runs in one realm (a popup\'s first about:blank keeps its Window)', () => {
    class CanvasRenderingContext2D {
      getImageData(x: number, y: number, w: number, h: number) {
        return { data: Uint8ClampedArray.from(edge.slice(0, w * h).flat()), width: w, height: h, x, y };
      }
    }
    const scope = { CanvasRenderingContext2D, Uint8ClampedArray };
    const script = identityScript({ ...base, canvas: true, noiseSeed: 5 })!;
    new Function('globalThis', script)(scope);
    const once = Array.from(new CanvasRenderingContext2D().getImageData(0, 0, 64, 64).data);
    expect(once).not.toEqual(edge.flat());
    new Function('globalThis', script)(scope);
    // Twice, the noise cancelled out: the page read the pixels as painted (it was so in popups and frames).
    expect(Array.from(new CanvasRenderingContext2D().getImageData(0, 0, 64, 64).data)).toEqual(once);
  });

  it('flips some partly covered pixels, the same one the same way through any rectangle, and differently per profile', () => {
    const a = canvasWith(edge, 64, 5);
    const whole = Array.from(a.getImageData(0, 0, 64, 64).data);
    expect(whole).not.toEqual(edge.flat());
    const part = Array.from(a.getImageData(10, 20, 5, 3).data);
    const sameFromWhole: number[] = [];
    for (let row = 20; row < 23; row++) sameFromWhole.push(...whole.slice((row * 64 + 10) * 4, (row * 64 + 15) * 4));
    expect(part).toEqual(sameFromWhole);
    // The same rectangle named from its other corner, and with arguments as a page may pass them.
    expect(Array.from(a.getImageData(15, 23, -5, -3).data)).toEqual(sameFromWhole);
    expect(Array.from((a.getImageData as (...args: unknown[]) => { data: Uint8ClampedArray })('10.7', 20.2, '5', 3.9).data)).toEqual(sameFromWhole);
    expect(Array.from(canvasWith(edge, 64, 6).getImageData(0, 0, 64, 64).data)).not.toEqual(whole);
  });
});

describe('audio noise', () => {
  /** Stand-ins for an offline context that renders `samples`, and a buffer a page fills itself. */
  const audioScope = () => {
    class EventTarget {
      listeners: ((event: unknown) => void)[] = [];
      addEventListener(_type: string, listener: (event: unknown) => void) {
        this.listeners.push(listener);
      }
    }
    class AudioBuffer {
      constructor(readonly channels: Float32Array[]) {}
      get numberOfChannels() {
        return this.channels.length;
      }
      getChannelData(c: number) {
        return this.channels[c]!;
      }
    }
    class OfflineAudioCompletionEvent {
      constructor(readonly buffer: AudioBuffer) {}
      get renderedBuffer() {
        return this.buffer;
      }
    }
    class OfflineAudioContext extends EventTarget {
      render(samples: number[]) {
        const event = new OfflineAudioCompletionEvent(new AudioBuffer([Float32Array.from(samples)]));
        for (const listener of this.listeners) listener(event);
        return event.renderedBuffer;
      }
    }
    return { EventTarget, AudioBuffer, OfflineAudioCompletionEvent, OfflineAudioContext };
  };
  const signal = Array.from({ length: 2000 }, (_v, i) => Math.sin(i / 7) / 3);

  it('noises what a context renders, in place, the same per seed and differently between seeds; silence and page-made buffers stay as they are', () => {
    const rendered = (noiseSeed: number, samples: number[]) => {
      const scope = audioScope();
      runIn(scope, { audio: true, noiseSeed });
      const Context = (scope as unknown as { OfflineAudioContext: new () => InstanceType<ReturnType<typeof audioScope>['OfflineAudioContext']> }).OfflineAudioContext;
      const made = new scope.AudioBuffer([Float32Array.from(samples)]);
      return { rendered: Array.from(new Context().render(samples).getChannelData(0)), made: Array.from(made.getChannelData(0)) };
    };
    const one = rendered(1, signal);
    expect(one.rendered).not.toEqual(Array.from(Float32Array.from(signal)));
    expect(one.made).toEqual(Array.from(Float32Array.from(signal)));
    expect(rendered(1, signal).rendered).toEqual(one.rendered);
    expect(rendered(2, signal).rendered).not.toEqual(one.rendered);
    expect(rendered(1, new Array(100).fill(0)).rendered).toEqual(new Array(100).fill(0));
  });

  it('gives the sum FingerprintJS takes (|x| over samples 4500–5000) a different value in each of 300 profiles', () => {
    // A compressed triangle wave, as its OfflineAudioContext renders one: values of a few tenths.
    const wave = Array.from({ length: 5000 }, (_v, i) => 0.3 * (2 * Math.abs(((i * 10_000) / 44_100) % 1 - 0.5) - 0.5));
    const sums = new Set<number>();
    for (let seed = 1; seed <= 300; seed++) {
      const scope = audioScope();
      runIn(scope, { audio: true, noiseSeed: seed * 7919 });
      const Context = (scope as unknown as { OfflineAudioContext: new () => InstanceType<ReturnType<typeof audioScope>['OfflineAudioContext']> }).OfflineAudioContext;
      const data = new Context().render(wave).getChannelData(0);
      let sum = 0;
      for (let i = 4500; i < 5000; i++) sum += Math.abs(data[i]!);
      sums.add(sum);
    }
    expect(sums.size).toBe(300);
  });
});
