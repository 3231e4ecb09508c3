import { audioNoise } from './parts/audioNoise.ts';
import { battery } from './parts/battery.ts';
import { canvasNoise } from './parts/canvasNoise.ts';
import { fonts } from './parts/fonts.ts';
import { mediaDevices } from './parts/mediaDevices.ts';
import { navigatorPatch } from './parts/navigatorPatch.ts';
import { prelude } from './parts/prelude.ts';
import { webglPatch } from './parts/webglPatch.ts';
import { webrtc } from './parts/webrtc.ts';

/** How many of each kind navigator.mediaDevices lists (Chromium's kind names). */
export interface MediaDeviceCounts {
  audioinput: number;
  videoinput: number;
  audiooutput: number;
}

/** navigator fields a page script may have to carry (where no native channel reaches). */
export interface NavigatorValues {
  deviceMemory: number;
  hardwareConcurrency: number;
  platform: string;
  languages: string[];
}

/**
 * What the script needs of the profile: only the surfaces it changes and no native channel
 * carries (the launch plan decides). A surface left out installs nothing.
 */
export interface PageScriptOptions {
  /** In every scope the script runs in. */
  navigator: Partial<NavigatorValues>;
  /** Only in workers (where CDP's overrides do not reach). */
  workerNavigator: Partial<NavigatorValues>;
  /** The platform the profile claims (navigator.platform), for the labels of its devices. */
  platform: string;
  /** Per profile: the same noise at every start, different noise in another profile. */
  noiseSeed: number;
  canvas: boolean;
  audio: boolean;
  webglImage: boolean;
  /** Empty: what the machine's GPU reports. */
  webglVendor: string;
  webglRenderer: string;
  /**
   * Size limits of the GPU the profile claims. A machine without one renders WebGL in software
   * (SwiftShader) and reports 8192 where every desktop GPU reports 16384 or more: a limit below
   * these is raised to them; a real GPU's own larger limits are left as they are. Null: untouched.
   */
  webglLimits: { maxTextureSize: number; maxViewportDims: [number, number] } | null;
  /** The profile's fonts (families); null: the machine's, untouched. */
  fonts: string[] | null;
  /** The profile's devices ("off" is all zero); null: the machine's, untouched. */
  mediaDevices: MediaDeviceCounts | null;
  /** A battery seeded by the profile instead of the machine's. */
  battery: boolean;
  /** disabled: no WebRTC interfaces; replace: no address of the machine in what a page reads; untouched. */
  webrtc: 'disabled' | 'replace' | 'untouched';
}

/** The surfaces a profile's options ask the script to change, each with its part. */
function partsFor(options: PageScriptOptions): string[] {
  const parts: string[] = [];
  if (Object.keys(options.navigator).length > 0 || Object.keys(options.workerNavigator).length > 0) parts.push(navigatorPatch);
  if (options.canvas) parts.push(canvasNoise);
  if (options.audio) parts.push(audioNoise);
  if (options.webglImage || options.webglVendor || options.webglRenderer || options.webglLimits) parts.push(webglPatch);
  if (options.fonts) parts.push(fonts);
  if (options.mediaDevices) parts.push(mediaDevices);
  if (options.battery) parts.push(battery);
  if (options.webrtc !== 'untouched') parts.push(webrtc);
  return parts;
}

/**
 * The script for one profile, ready for Page.addScriptToEvaluateOnNewDocument or a worker; null
 * when the profile changes nothing a script must carry, so that nothing at all is injected.
 *
 * Kept as source text, not compiled functions: it is sent to Chromium as is, and a bundler's
 * helpers (__name and the like) would not exist in the page. It runs before the page's own code
 * in windows, frames and every kind of worker, once per global, and defines no global.
 */
export function identityScript(options: PageScriptOptions, realmKey: string = newRealmKey()): string | null {
  const parts = partsFor(options);
  if (parts.length === 0) return null;
  return `(function (options, realmKey) {
  'use strict';
${prelude}${parts.join('')}
})(${JSON.stringify(options)}, ${JSON.stringify(realmKey)});`;
}

/**
 * The key by which the script knows its own stand-ins in a realm it already ran in (prelude's
 * isOurs): random per script, so no page can ask for it.
 */
function newRealmKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
