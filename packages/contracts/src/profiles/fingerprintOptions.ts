import { z } from 'zod';
import { isDnsServer, parsePortWhitelist } from '../validation.ts';
import { validateCommandLine, validateDebugPort } from './profileFieldRules.ts';

/** `noise`: seeded per profile, stable across restarts; `real`: what the machine gives. */
const noiseMode = z.enum(['noise', 'real']);

/**
 * Canvas: `rendering` gives the profile its own text rendering in its fontconfig (native: nothing
 * in the page is replaced; one of a few dozen readings per canvas on a machine); `noise` adds
 * seeded noise to what pages read back (every profile its own reading, through replaced
 * functions a lie detector can see); `real`: the machine's. docs/fingerprint.md has the figures.
 */
export const canvasModes = ['rendering', 'noise', 'real'] as const;

/**
 * navigator.deviceMemory choices in GiB. Chromium 156 reports 2–32 on desktops and 1–8 on
 * Android; the smaller values are older or phone browsers'. 0: what this computer's Chromium
 * reports itself, so that nothing has to change it.
 */
export const deviceMemories = [0, 0.25, 0.5, 1, 2, 4, 8, 16, 32] as const;
export type DeviceMemory = (typeof deviceMemories)[number];
const MAC_PATTERN = /^([0-9A-F]{2}[:-]){5}[0-9A-F]{2}$/i;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Every fingerprint option of spec §3. Values the launch issue applies; here they are the
 * profile's stored choices with their defaults.
 */
export const fingerprintOptionsSchema = z.object({
  canvas: z.enum(canvasModes).default('rendering'),
  audio: noiseMode.default('noise'),
  webglImage: noiseMode.default('noise'),
  webglMetadata: z
    .object({
      mode: z.enum(['custom', 'real']).default('custom'),
      vendor: z.string().max(200).default(''),
      renderer: z.string().max(300).default(''),
    })
    .prefault({}),
  fonts: z
    .object({
      mode: z.enum(['custom', 'real']).default('custom'),
      list: z.array(z.string().min(1).max(100)).max(1000).default([]),
    })
    .prefault({}),
  mediaDevices: z
    .object({
      mode: z.enum(['custom', 'real', 'off']).default('custom'),
      audioInputs: z.number().int().min(0).max(8).default(1),
      videoInputs: z.number().int().min(0).max(8).default(1),
      audioOutputs: z.number().int().min(0).max(8).default(1),
    })
    .prefault({}),
  geolocation: z
    .object({
      mode: z.enum(['ask', 'allow', 'block']).default('ask'),
      /** Follow the proxy's exit IP; otherwise the coordinates below. */
      byIp: z.boolean().default(true),
      latitude: z.number().min(-90).max(90).default(0),
      longitude: z.number().min(-180).max(180).default(0),
      accuracy: z.number().int().min(1).max(100_000).default(100),
    })
    .prefault({}),
  battery: z.enum(['custom', 'real']).default('custom'),
  ssl: z
    .object({
      mode: z.enum(['default', 'custom']).default('default'),
      /** Cipher suites to turn off, as hex code points such as 0x009c. */
      disabledCiphers: z.array(z.string().regex(/^0x[0-9a-f]{4}$/i)).max(50).default([]),
    })
    .prefault({}),
  navigator: z
    .object({
      platform: z.string().max(50).default(''),
      hardwareConcurrency: z.number().int().min(1).max(128).default(8),
      /** GiB, as navigator.deviceMemory reports it; 0: this computer's own. */
      deviceMemory: z
        .number()
        .refine((value): value is DeviceMemory => (deviceMemories as readonly number[]).includes(value), { message: 'validation.invalid' })
        .default(0),
      maxTouchPoints: z.number().int().min(0).max(10).default(0),
      doNotTrack: z.enum(['unset', '0', '1']).default('unset'),
    })
    .prefault({}),
  secChUa: z.enum(['auto', 'off']).default('auto'),
  mobileEmulation: z.boolean().default(false),
  webrtc: z.enum(['replace', 'forward', 'real', 'disabled']).default('replace'),
  languageByIp: z.boolean().default(true),
  timezoneByIp: z.boolean().default(true),
  customHeaders: z
    .array(z.object({ name: z.string().regex(HEADER_NAME).max(100), value: z.string().max(2000) }))
    .max(20)
    .default([]),
  /** Servers the profile's names are looked up with (direct profiles; a proxy resolves its own). */
  dns: z.array(z.string().max(53).refine(isDnsServer, { message: 'profiles.adv.dnsInvalid' })).max(4).default([]),
  remoteDebug: z
    .object({
      /** 0: the agent picks a free port; a fixed one is outside the well-known range (1024–65535). */
      port: z
        .number()
        .int()
        .default(0)
        .refine((port) => validateDebugPort(port) === null, { message: 'validation.debugPort' }),
      logLevel: z.enum(['off', 'error', 'warning', 'info', 'verbose']).default('off'),
    })
    .prefault({}),
  portScanProtection: z
    .object({
      enabled: z.boolean().default(true),
      /** Comma-separated ports pages may still reach on this machine. */
      whitelist: z
        .string()
        .max(1000)
        .default('')
        .refine((v) => parsePortWhitelist(v).error === null, { message: 'validation.portWhitelist' }),
    })
    .prefault({}),
  /** Extra Chromium switches, one per line; the agent applies only allowlisted ones. */
  commandLine: z
    .string()
    .max(4000)
    .default('')
    .refine((value) => validateCommandLine(value) === null, { message: 'validation.commandLine' }),
  deviceName: z.string().max(63).default(''),
  macAddress: z.union([z.literal(''), z.string().regex(MAC_PATTERN)]).default(''),
  /** Seed of the canvas/audio/WebGL noise: per profile, so stable across restarts. */
  noiseSeed: z.number().int().min(0).max(2 ** 31 - 1).default(0),
});
export type FingerprintOptions = z.output<typeof fingerprintOptionsSchema>;
