import type { DeviceMemory, FingerprintOptions, OperatingSystem } from '@facet/contracts';
import { FingerprintGenerator } from 'fingerprint-generator';
import { isServerGpu } from './consistency/gpuKinds.ts';
import { checkConsistency } from './consistency/index.ts';
import { sendsChromeClientHints } from './consistency/userAgent.ts';

/** What a new profile takes from a generated fingerprint: the identity fields of its form. */
export interface GeneratedIdentity {
  userAgent: string;
  resolution: string;
  kernelVersion: string;
  /**
   * `secChUa` only when it must be "off": an agent that never sends client hints (Chrome on iOS).
   * Otherwise it is left out, so a batch template's choice stands.
   */
  fingerprint: Pick<FingerprintOptions, 'navigator' | 'webglMetadata' | 'fonts' | 'mediaDevices' | 'noiseSeed'> & Partial<Pick<FingerprintOptions, 'secChUa'>>;
}

const deviceOf: Record<OperatingSystem, 'desktop' | 'mobile'> = {
  windows: 'desktop',
  macos: 'desktop',
  linux: 'desktop',
  android: 'mobile',
  ios: 'mobile',
};

// Building a generator loads its Bayesian network (~200 ms); one per OS, made on first use.
const generators = new Map<OperatingSystem, FingerprintGenerator>();
function generatorFor(os: OperatingSystem): FingerprintGenerator {
  let generator = generators.get(os);
  if (!generator) {
    generator = new FingerprintGenerator({ operatingSystems: [os], browsers: ['chrome'], devices: [deviceOf[os]] });
    generators.set(os, generator);
  }
  return generator;
}

const phoneMemories = [0.25, 0.5, 1, 2, 4, 8] as const;

/**
 * A desktop profile takes the computer's own navigator.deviceMemory (0): Chromium reports it
 * without any change, while a value of the data (which predates Chrome's 2–32 GiB desktop range)
 * would need a page script, and no desktop differs from another by it alone. A phone's comes
 * from the data, snapped to the buckets phones report.
 */
function deviceMemoryOf(os: OperatingSystem, gib: number | undefined): DeviceMemory {
  if (deviceOf[os] === 'desktop') return 0;
  if (!gib || !Number.isFinite(gib)) return 4;
  return phoneMemories.reduce<DeviceMemory>((best, m) => (Math.abs(m - gib) < Math.abs(best - gib) ? m : best), 4);
}

/**
 * The data knows browser versions up to its release; the profile runs on the kernel we have, so
 * the user agent must name that major (Chrome/156.0.0.0, reduced as Chromium reports it).
 */
export function rewriteBrowserMajor(userAgent: string, kernelVersion: string): string {
  return userAgent.replace(/\b(Chrome|CriOS)\/\d+(\.\d+)*/g, (_all, name: string) => `${name}/${kernelVersion}.0.0.0`);
}

function randomSeed(): number {
  const value = new Uint32Array(1);
  globalThis.crypto.getRandomValues(value);
  return value[0]! & 0x7fffffff;
}

/**
 * One record of the data as it comes, on the given Chromium major. The data is what real visitors
 * sent, emulators and misreported devices included (a third of its iPhones are a desktop's
 * DevTools emulation: Linux platform, SwiftShader, 64 cores), so use generateIdentity.
 */
export function drawIdentity(os: OperatingSystem, kernelVersion: string): GeneratedIdentity {
  const { fingerprint } = generatorFor(os).getFingerprint();
  const { navigator, screen, videoCard, fonts } = fingerprint;
  // The package types this as string[]; the data is an object of device lists per kind.
  const devices = fingerprint.multimediaDevices as unknown as { micros?: unknown[]; webcams?: unknown[]; speakers?: unknown[] } | undefined;
  const userAgent = rewriteBrowserMajor(navigator.userAgent, kernelVersion);
  return {
    userAgent,
    resolution: `${screen.width}x${screen.height}`,
    kernelVersion,
    fingerprint: {
      navigator: {
        platform: navigator.platform,
        hardwareConcurrency: Math.min(128, Math.max(1, navigator.hardwareConcurrency || 4)),
        deviceMemory: deviceMemoryOf(os, navigator.deviceMemory ?? undefined),
        maxTouchPoints: Math.min(10, navigator.maxTouchPoints ?? 0),
        doNotTrack: 'unset',
      },
      webglMetadata: { mode: 'custom', vendor: videoCard?.vendor ?? '', renderer: videoCard?.renderer ?? '' },
      fonts: { mode: 'custom', list: [...new Set(fonts ?? [])].slice(0, 1000) },
      mediaDevices: {
        mode: 'custom',
        audioInputs: Math.min(8, devices?.micros?.length ?? 1),
        videoInputs: Math.min(8, devices?.webcams?.length ?? 1),
        audioOutputs: Math.min(8, devices?.speakers?.length ?? 1),
      },
      noiseSeed: randomSeed(),
      ...(sendsChromeClientHints(userAgent) ? {} : { secChUa: 'off' as const }),
    },
  };
}

/** Draws before giving up: even on iOS, where a third of the records fail, 100 failures in a row do not happen. */
const MAX_DRAWS = 100;

/**
 * A realistic fingerprint for the operating system, on the given Chromium major, that the
 * consistency check finds nothing wrong with: records of the data that contradict themselves
 * (see drawIdentity) are drawn again, and so are those of visitors whose browsers ran on a
 * server (about 4 % of the Windows records name SwiftShader or Microsoft's Basic Render Driver,
 * 6 % of the Linux ones): a profile should look like a person's computer, not a virtual machine.
 */
export function generateIdentity(os: OperatingSystem, kernelVersion: string): GeneratedIdentity {
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const identity = drawIdentity(os, kernelVersion);
    const { vendor, renderer } = identity.fingerprint.webglMetadata;
    if (isServerGpu(`${vendor} ${renderer}`)) continue;
    if (checkConsistency({ os, ...identity }).length === 0) return identity;
  }
  throw new Error(`no consistent ${os} fingerprint in ${MAX_DRAWS} draws of the data`);
}
