import type { Profile } from '@facet/contracts';
import type { MediaDeviceCounts, PageScriptOptions } from '@facet/page-scripts';
import type { Identity } from './identity.ts';

/** What the page scripts get of a profile: the values CDP cannot set in every scope. */
export function pageScriptOptions(profile: Profile, identity: Identity): PageScriptOptions {
  const fp = profile.fingerprint;
  return {
    deviceMemory: identity.deviceMemory,
    platform: identity.platform,
    hardwareConcurrency: identity.hardwareConcurrency,
    languages: identity.languages,
    noiseSeed: fp.noiseSeed,
    canvas: fp.canvas === 'noise',
    audio: fp.audio === 'noise',
    webglImage: fp.webglImage === 'noise',
    webglVendor: fp.webglMetadata.mode === 'custom' ? fp.webglMetadata.vendor : '',
    webglRenderer: fp.webglMetadata.mode === 'custom' ? fp.webglMetadata.renderer : '',
    webglLimits: fp.webglMetadata.mode === 'custom' ? gpuLimitsFor(profile.os) : null,
    // An empty custom list names no fonts: the machine's are left as they are.
    fonts: fp.fonts.mode === 'custom' && fp.fonts.list.length > 0 ? fp.fonts.list : null,
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
