import os from 'node:os';
import { type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PROBED_FONTS, type Layout } from '../support/identityPages.ts';
import { useLaunchHarness } from '../support/launchHarness.ts';

/** Fonts, media devices, battery and WebRTC as every scope of a launched profile reads them. */
const h = useLaunchHarness();

interface Surfaces {
  localFonts: string[];
  drawnFonts: string[];
  fontChecks: boolean[];
  canvasFont: string;
  devices?: string[];
  battery?: { charging: boolean; level: number; chargingTime: number; dischargingTime: number };
  webrtc: string[];
}

/** What fonts, devices, battery and WebRTC look like in the page, its frames, a popup and a worker. */
async function surfacesIn(page: Page) {
  const read = (fn: string) => page.evaluate((name) => (window as unknown as Record<string, () => Promise<Surfaces>>)[name]!(), fn);
  const [popup] = await Promise.all([page.context().waitForEvent('page'), page.evaluate(() => void window.open('/?popup'))]);
  await popup.waitForFunction(() => typeof (window as unknown as { surfaces?: unknown }).surfaces === 'function');
  const scopes = {
    page: await read('surfaces'),
    frame: await read('surfacesFromFrame'),
    blankFrame: await read('surfacesFromBlankFrame'),
    popup: await popup.evaluate(() => (window as unknown as { surfaces: () => Promise<Surfaces> }).surfaces()),
    worker: await read('surfacesFromWorker'),
  };
  await popup.close();
  return scopes;
}

/** Lets the test pages use camera and microphone, as a user who clicked Allow would. */
async function allowDevices(page: Page) {
  await page.context().grantPermissions(['camera', 'microphone'], { origin: h.pages.url });
}

/** Battery values a real one could report: level in hundredths, times that agree with charging. */
function expectPlausibleBattery(battery: Surfaces['battery']) {
  expect(battery).toBeDefined();
  const { charging, level, chargingTime, dischargingTime } = battery!;
  expect(level).toBeGreaterThan(0);
  expect(level).toBeLessThanOrEqual(1);
  expect(Math.round(level * 100) / 100).toBe(level);
  if (charging) {
    expect(dischargingTime).toBe(Infinity);
    expect(chargingTime).toBe(level === 1 ? 0 : Math.round(chargingTime));
    if (level < 1) expect(chargingTime).toBeGreaterThan(0);
  } else {
    expect(chargingTime).toBe(Infinity);
    expect(Number.isInteger(dischargingTime) && dischargingTime > 0).toBe(true);
  }
}

describe('fonts, media devices, battery and WebRTC', () => {
  const devices = { mode: 'custom', audioInputs: 2, videoInputs: 1, audioOutputs: 3 };
  // Seeds chosen so that the two batteries differ (one running down, one charging). Canvas
  // "real": text lays out with the machine's own rendering, so only the font list changes it.
  const hiding = () => h.createProfile('Surfaces hidden', { fingerprint: { canvas: 'real', noiseSeed: 1001, mediaDevices: devices, battery: 'custom', fonts: { mode: 'custom', list: ['Liberation Sans', 'Arial'] }, webrtc: 'disabled' } });
  const showing = () => h.createProfile('Surfaces shown', { fingerprint: { canvas: 'real', noiseSeed: 3003, mediaDevices: devices, battery: 'custom', fonts: { mode: 'real', list: [] }, webrtc: 'replace' } });

  it('every scope reads the profile\'s devices, battery, fonts and WebRTC, the same after a restart; seeded values differ between profiles', async () => {
    const [a, b] = [await hiding(), await showing()];
    const visit = async (id: string) => {
      const { browser, page } = await h.open(id);
      try {
        const before = await surfacesIn(page);
        const layout = await page.evaluate((fonts) => (window as unknown as { layout: (families: string[]) => Promise<Layout> }).layout(fonts), PROBED_FONTS);
        await allowDevices(page);
        const allowed = (await page.evaluate(() => (window as unknown as { surfaces: () => Promise<Surfaces> }).surfaces())).devices!;
        return { before, layout, allowed };
      } finally {
        await browser.close().catch(() => {});
        await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);
      }
    };
    const first = await visit(a);
    const again = await visit(a);
    const other = await visit(b);

    // The machine's fonts, where nothing hides them: local() finds DejaVu and Liberation, and
    // fontconfig draws Arial (with Liberation Sans).
    expect(other.before.page.localFonts, 'fonts this test expects on the machine').toEqual(expect.arrayContaining(['DejaVu Sans', 'Liberation Sans']));
    expect(other.before.page.drawnFonts).toEqual(PROBED_FONTS);
    // The profile's fontconfig alone decides, for local(), canvas text and DOM layout alike: the
    // listed fonts and DejaVu Sans (fontconfig's sans-serif here, kept so text renders) load and
    // draw; Liberation Mono, installed but not listed, does neither. No page script is involved.
    const kept = (fonts: string[]) => fonts.filter((f) => ['DejaVu Sans', 'Liberation Sans', 'Arial'].includes(f));
    for (const [scope, seen] of Object.entries(first.before)) {
      expect(seen.localFonts, scope).toEqual(kept(other.before.page.localFonts));
      expect(seen.drawnFonts, scope).toEqual(kept(other.before.page.drawnFonts));
      expect(seen.canvasFont, scope).toBe('72px "DejaVu Sans", monospace');
      // Chromium's check() says true for any local family, installed or not: left as it is.
      expect(seen.fontChecks, scope).toEqual([true, true, true, true, true]);
      // WebRTC off: no interface in any scope (workers have RTCDataChannel otherwise).
      expect(seen.webrtc, scope).toEqual([]);
      if (scope === 'worker') continue;
      // Before the site may use them, one entry per kind with nothing in it, as Chromium shows.
      expect(seen.devices, scope).toEqual(['audioinput||||true', 'videoinput||||true', 'audiooutput||||true']);
      expect(seen.battery, scope).toEqual(first.before.page.battery);
    }
    // DOM layout, which no page script reaches: the profile's fontconfig keeps only the listed
    // fonts and those behind the generic families. Liberation Mono, installed but not listed,
    // lays out as the monospace fallback, by name and through CSS @font-face local().
    const [hidden, shown] = [first.layout, other.layout];
    expect(shown.fonts['Liberation Mono'], 'Liberation Mono is installed here').not.toEqual({ family: shown.fallback, local: shown.fallback });
    expect(hidden.fonts['Liberation Mono']).toEqual({ family: hidden.fallback, local: hidden.fallback });
    // Listed fonts keep their own width (Arial is Liberation Sans on this machine).
    for (const font of ['Liberation Sans', 'Arial']) {
      expect(hidden.fonts[font]!.family, font).not.toBe(hidden.fallback);
      expect(hidden.fonts[font]!.family, font).toBe(shown.fonts[font]!.family);
    }
    expect(hidden.fonts['Liberation Sans']!.local).toBe(shown.fonts['Liberation Sans']!.local);
    // The generic families draw as without a list, Chinese and Japanese text included (no empty
    // boxes); DejaVu Sans, fontconfig's sans-serif here, stays visible.
    expect(hidden.generics).toEqual(shown.generics);
    expect(hidden.fallback).toBe(shown.fallback);
    expect(hidden.fonts['DejaVu Sans']).toEqual(shown.fonts['DejaVu Sans']);
    expect(again.layout).toEqual(first.layout);
    expect(other.before.worker.webrtc).toEqual(['RTCDataChannel']);
    expect(other.before.page.webrtc).toEqual(['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'RTCIceCandidate', 'RTCSessionDescription']);

    // Allowed: every device with a label and ids stable per profile, plus Windows' default and
    // communications entries for audio.
    const kinds = first.allowed.map((d) => d.split('|')[0]);
    expect(kinds).toEqual(['audioinput', 'audioinput', 'audioinput', 'audioinput', 'videoinput', 'audiooutput', 'audiooutput', 'audiooutput', 'audiooutput', 'audiooutput']);
    for (const device of first.allowed) {
      const [, deviceId, groupId, label, real] = device.split('|');
      expect(deviceId).toMatch(/^([0-9a-f]{64}|default|communications)$/);
      expect(groupId).toMatch(/^[0-9a-f]{64}$/);
      expect(label).not.toBe('');
      expect(real).toBe('true');
    }
    expect(again.allowed).toEqual(first.allowed);
    expect(other.allowed.map((d) => d.split('|')[1]!).filter((id) => id.length === 64)).not.toEqual(first.allowed.map((d) => d.split('|')[1]!).filter((id) => id.length === 64));

    expectPlausibleBattery(first.before.page.battery);
    expectPlausibleBattery(other.before.page.battery);
    expect(again.before.page.battery).toEqual(first.before.page.battery);
    expect(other.before.page.battery).not.toEqual(first.before.page.battery);
  });

  const PROXY = 'function () { [native code] }';
  it('what was replaced stands in for the engine\'s own: its name, length and prototype, printed as native code, a prototype cycle refused', async () => {
    const id = await showing();
    const { browser, page } = await h.open(id);
    try {
      const looks = await page.evaluate(() => {
        const accessor = (proto: object, name: string) => Object.getOwnPropertyDescriptor(proto, name)!;
        // Not in TypeScript's DOM types.
        const { BatteryManager } = window as unknown as { BatteryManager: { prototype: object } };
        const getBattery = (navigator as unknown as { getBattery: () => Promise<unknown> }).getBattery;
        const replaced: [string, { name: string; length: number }][] = [
          ['enumerateDevices', MediaDevices.prototype.enumerateDevices],
          ['getUserMedia', MediaDevices.prototype.getUserMedia],
          ['deviceId getter', accessor(MediaDeviceInfo.prototype, 'deviceId').get!],
          ['getCapabilities', InputDeviceInfo.prototype.getCapabilities],
          ['battery level getter', accessor(BatteryManager.prototype, 'level').get!],
          ['FontFace', FontFace],
          ['canvas font setter', accessor(CanvasRenderingContext2D.prototype, 'font').set!],
          ['RTCPeerConnection', RTCPeerConnection],
          ['localDescription getter', accessor(RTCPeerConnection.prototype, 'localDescription').get!],
          ['createOffer', RTCPeerConnection.prototype.createOffer],
        ];
        const cycle = (fn: object) => {
          const before = Object.getPrototypeOf(fn) as object;
          try {
            Object.setPrototypeOf(fn, Object.create(fn));
            return 'no error';
          } catch (error) {
            return (error as Error).constructor.name;
          } finally {
            Object.setPrototypeOf(fn, before);
          }
        };
        return {
          functions: Object.fromEntries(replaced.map(([what, fn]) => [what, [Function.prototype.toString.call(fn), fn.name, fn.length, 'prototype' in fn, cycle(fn)]])),
          constructors: [FontFace.prototype.constructor === FontFace, RTCPeerConnection.prototype.constructor === RTCPeerConnection, (window as unknown as { webkitRTCPeerConnection: unknown }).webkitRTCPeerConnection === RTCPeerConnection, new RTCPeerConnection() instanceof RTCPeerConnection],
          getBattery: String(getBattery),
        };
      });
      expect(looks).toEqual({
        // A proxy prints as any callable proxy does; fonts are left to fontconfig here, so
        // FontFace and the canvas font setter are the engine's own.
        functions: {
          enumerateDevices: [PROXY, 'enumerateDevices', 0, false, 'TypeError'],
          // The profile has every kind of device: getUserMedia stays the engine's.
          getUserMedia: ['function getUserMedia() { [native code] }', 'getUserMedia', 0, false, 'TypeError'],
          'deviceId getter': [PROXY, 'get deviceId', 0, false, 'TypeError'],
          getCapabilities: [PROXY, 'getCapabilities', 0, false, 'TypeError'],
          'battery level getter': [PROXY, 'get level', 0, false, 'TypeError'],
          FontFace: ['function FontFace() { [native code] }', 'FontFace', 2, true, 'TypeError'],
          'canvas font setter': ['function set font() { [native code] }', 'set font', 1, false, 'TypeError'],
          RTCPeerConnection: [PROXY, 'RTCPeerConnection', 0, true, 'TypeError'],
          'localDescription getter': [PROXY, 'get localDescription', 0, false, 'TypeError'],
          createOffer: [PROXY, 'createOffer', 0, false, 'TypeError'],
        },
        constructors: [true, true, true, true],
        getBattery: 'function getBattery() { [native code] }',
      });
    } finally {
      await browser.close().catch(() => {});
      await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);
    }
  });

  it('with WebRTC "replace", no candidate, description or stat names an address of this machine', async () => {
    const id = await showing();
    const { browser, page } = await h.open(id);
    try {
      // With camera and microphone allowed, Chromium gathers host candidates with the machine's
      // own addresses instead of mDNS names; the STUN server on loopback answers with where the
      // request came from, as a public one answers with the public address.
      await allowDevices(page);
      const stunAskedBefore = h.pages.stun.seen.length;
      const ice = await page.evaluate((url) => (window as unknown as { iceReport: (url: string) => Promise<{ candidates: string[]; sdp: string[]; offer: string[]; stats: string[] }> }).iceReport(url), h.pages.stun.url);
      const machine = new Set(Object.values(os.networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address)));
      const named = [...ice.candidates, ...ice.sdp, ...ice.offer, ...ice.stats].flatMap((line) => line.split(/\s+/)).filter((token) => machine.has(token.replace(/^\[|\]$/g, '')));
      expect(named).toEqual([]);
      // The profile's WebRTC policy sends no UDP outside the proxy: the STUN server hears nothing.
      expect(h.pages.stun.seen.slice(stunAskedBefore)).toEqual([]);
      // What is left of the candidates is mDNS names or relays.
      for (const candidate of ice.candidates) expect(candidate).toMatch(/ ([0-9a-f-]+\.local \d+ typ host|\S+ \d+ typ relay)/);
      for (const line of [...ice.sdp, ...ice.offer].filter((l) => l.startsWith('c=') || l.startsWith('a=rtcp:'))) expect(line).toMatch(/IN IP4 0\.0\.0\.0$/);
    } finally {
      await browser.close().catch(() => {});
      await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);
    }
  });
});
