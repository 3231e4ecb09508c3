import type { Profile } from '@facet/contracts';
import type { MediaDeviceCounts, NavigatorValues, PageScriptOptions } from '@facet/page-scripts';
import type { Identity } from './identity.ts';
import type { MachineFacts } from '../machine/machineFacts.ts';

/** What else carries the profile at this launch, so the page script leaves it alone. */
interface NativeChannels {
  /** This machine's own values: a claim equal to one of them needs nothing. */
  machine: MachineFacts;
  /** The profile's fontconfig is in place: it decides which fonts every page sees. */
  fontConfig: boolean;
  /** The WebGL image's noise is drawn by the driver in front of SwiftShader (webglImageDriver.ts). */
  webglImage: boolean;
}

/**
 * What the page scripts get of a profile: only what no native channel carries (the channel of
 * each field is in docs/fingerprint.md). Languages go by the command line and CDP in every
 * scope; user agent, platform, hardware concurrency, locale, time zone and screen by CDP in
 * pages and frames. Chromium gives no native way to set navigator.platform in a worker (it
 * reports the build's OS there) or navigator.deviceMemory anywhere.
 */
export function pageScriptOptions(profile: Profile, identity: Identity, native: NativeChannels): PageScriptOptions {
  const fp = profile.fingerprint;
  // 0 is "this computer's own": what Chromium reports needs nothing.
  const ownMemory = identity.deviceMemory === 0 || identity.deviceMemory === native.machine.deviceMemory;
  const navigator: Partial<NavigatorValues> = ownMemory ? {} : { deviceMemory: identity.deviceMemory };
  return {
    navigator,
    workerNavigator: identity.platform === native.machine.workerPlatform ? {} : { platform: identity.platform },
    platform: identity.platform,
    noiseSeed: fp.noiseSeed,
    canvas: fp.canvas === 'noise',
    audio: fp.audio === 'noise',
    webglImage: fp.webglImage === 'noise' && !native.webglImage,
    webglVendor: fp.webglMetadata.mode === 'custom' ? fp.webglMetadata.vendor : '',
    webglRenderer: fp.webglMetadata.mode === 'custom' ? fp.webglMetadata.renderer : '',
    webglLimits: fp.webglMetadata.mode === 'custom' ? gpuLimitsFor(profile.os) : null,
    // An empty custom list names no fonts: the machine's are left as they are. With the
    // profile's fontconfig in place, fontconfig alone decides (DOM, canvas and local() agree).
    fonts: !native.fontConfig && fp.fonts.mode === 'custom' && fp.fonts.list.length > 0 ? fp.fonts.list : null,
    mediaDevices: mediaDevicesOf(fp.mediaDevices),
    battery: fp.battery === 'custom',
    // "forward" and "real" are left to Chromium and its IP-handling policy.
    webrtc: fp.webrtc === 'disabled' || fp.webrtc === 'replace' ? fp.webrtc : 'untouched',
  };
}

function mediaDevicesOf(devices: Profile['fingerprint']['mediaDevices']): MediaDeviceCounts | null {
  if (devices.mode === 'real') return null;
  if (devices.mode === 'off') return { audioinput: 0, videoinput: 0, audiooutput: 0 };
  return { audioinput: devices.audioInputs, videoinput: devices.videoInputs, audiooutput: devices.audioOutputs };
}

/**
 * What Chrome's WebGL reports on the claimed system's GPUs: 16384 textures everywhere; a
 * 32767 viewport through Direct3D on Windows, 16384 through Metal and desktop GL elsewhere.
 */
function gpuLimitsFor(os: Profile['os']): { maxTextureSize: number; maxViewportDims: [number, number] } {
  return { maxTextureSize: 16384, maxViewportDims: os === 'windows' ? [32767, 32767] : [16384, 16384] };
}
