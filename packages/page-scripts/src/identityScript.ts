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

/** What the script needs of the profile; everything else comes from CDP overrides. */
export interface PageScriptOptions {
  deviceMemory: number;
  /** navigator.platform where CDP's override does not reach (some worker kinds). */
  platform: string;
  hardwareConcurrency: number;
  languages: string[];
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

/*
 * Kept as source text, not compiled functions: it is sent to Chromium as is, and a bundler's
 * helpers (__name and the like) would not exist in the page. It runs before the page's own code
 * in windows, frames and every kind of worker, once per global.
 */
const source = `(function (options) {
  'use strict';
${prelude}${navigatorPatch}${canvasNoise}${audioNoise}${webglPatch}${fonts}${mediaDevices}${battery}${webrtc}
})(__OPTIONS__);`;

/** The script for one profile, ready for Page.addScriptToEvaluateOnNewDocument or a worker. */
export function identityScript(options: PageScriptOptions): string {
  return source.replace('__OPTIONS__', JSON.stringify(options));
}
