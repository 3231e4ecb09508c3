import type { OperatingSystem, Profile } from '@facet/contracts';

/** Client hints as CDP's Emulation.setUserAgentOverride takes them. */
interface UserAgentMetadata {
  brands: { brand: string; version: string }[];
  fullVersionList: { brand: string; version: string }[];
  platform: string;
  platformVersion: string;
  architecture: string;
  model: string;
  mobile: boolean;
  bitness: string;
  wow64: boolean;
}

/** Everything a page, frame or worker of the profile must read, resolved once per launch. */
export interface Identity {
  userAgent: string;
  /** navigator.platform */
  platform: string;
  /**
   * navigator.languages, first the locale (navigator.language, Intl's default). Chromium sends
   * the Accept-Language header from this list with its own q-values.
   */
  languages: string[];
  /** IANA zone, or null to leave the machine's. */
  timezone: string | null;
  metadata: UserAgentMetadata | null;
  hardwareConcurrency: number;
  deviceMemory: number;
  maxTouchPoints: number;
  screen: { width: number; height: number };
  geolocation: { mode: 'ask' | 'allow' | 'block'; latitude: number; longitude: number; accuracy: number };
  headers: Record<string, string>;
}

const hintPlatform: Record<OperatingSystem, string> = { windows: 'Windows', macos: 'macOS', linux: 'Linux', android: 'Android', ios: 'iOS' };
const defaultPlatform: Record<OperatingSystem, string> = { windows: 'Win32', macos: 'MacIntel', linux: 'Linux x86_64', android: 'Linux armv8l', ios: 'iPhone' };

function platformVersionOf(os: OperatingSystem, userAgent: string): string {
  if (os === 'windows') return '10.0.0';
  const mac = /Mac OS X (\d+)[._](\d+)(?:[._](\d+))?/.exec(userAgent);
  if (os === 'macos' && mac) return `${mac[1]}.${mac[2]}.${mac[3] ?? 0}`;
  const android = /Android (\d+(?:\.\d+)*)/.exec(userAgent);
  if (os === 'android' && android) return android[1]!;
  return '';
}

/** The client hints that go with the user agent, so sec-ch-ua and userAgentData agree with it. */
function metadataFor(os: OperatingSystem, userAgent: string): UserAgentMetadata {
  const major = /(?:Chrome|CriOS)\/(\d+)/.exec(userAgent)?.[1] ?? '0';
  const brands = [
    { brand: 'Chromium', version: major },
    { brand: 'Google Chrome', version: major },
    { brand: 'Not_A Brand', version: '99' },
  ];
  const mobile = os === 'android' || os === 'ios';
  return {
    brands,
    fullVersionList: brands.map((b) => ({ brand: b.brand, version: b.brand === 'Not_A Brand' ? '99.0.0.0' : `${major}.0.0.0` })),
    platform: hintPlatform[os],
    platformVersion: platformVersionOf(os, userAgent),
    architecture: mobile ? '' : os === 'macos' ? 'arm' : 'x86',
    model: mobile ? (/; ([^;)]+) Build\//.exec(userAgent)?.[1] ?? '') : '',
    mobile,
    bitness: mobile ? '' : '64',
    wow64: false,
  };
}

/**
 * The profile's identity for this launch. `byIp` holds what the proxy's exit says (time zone,
 * languages, coordinates) for the options that follow it; `machineLanguages` is the fallback
 * when neither the profile nor the exit names a language.
 */
export function resolveIdentity(profile: Profile, byIp: { timezone?: string; languages?: string[]; latitude?: number; longitude?: number } = {}, machineLanguages: readonly string[] = ['en-US', 'en']): Identity {
  const fp = profile.fingerprint;
  const [width, height] = profile.resolution.split('x').map(Number) as [number, number];
  const ownLanguages = languagesOf(profile);
  const languages = ownLanguages.length > 0 ? ownLanguages : fp.languageByIp && byIp.languages?.length ? byIp.languages : [...machineLanguages];
  const timezone = profile.timezone || (fp.timezoneByIp ? (byIp.timezone ?? null) : null);
  const geoByIp = fp.geolocation.byIp && byIp.latitude !== undefined && byIp.longitude !== undefined;
  return {
    userAgent: profile.userAgent,
    platform: fp.navigator.platform || defaultPlatform[profile.os],
    languages,
    timezone,
    metadata: fp.secChUa === 'off' ? null : metadataFor(profile.os, profile.userAgent),
    hardwareConcurrency: fp.navigator.hardwareConcurrency,
    deviceMemory: fp.navigator.deviceMemory,
    maxTouchPoints: fp.navigator.maxTouchPoints,
    screen: { width, height },
    geolocation: {
      mode: fp.geolocation.mode,
      latitude: geoByIp ? byIp.latitude! : fp.geolocation.latitude,
      longitude: geoByIp ? byIp.longitude! : fp.geolocation.longitude,
      accuracy: fp.geolocation.accuracy,
    },
    headers: Object.fromEntries(fp.customHeaders.map((h) => [h.name, h.value])),
  };
}

/** The profile's own languages, without q-values; empty when it names none. */
function languagesOf(profile: Profile): string[] {
  return profile.language.split(',').map((l) => l.split(';')[0]!.trim()).filter(Boolean);
}

/**
 * Whether the proxy's exit decides something Chromium must be started with: the time zone (its
 * environment) or the languages (its command line). When it does not, the exit reaches only CDP
 * overrides (coordinates), and Chromium can start while the exit is checked.
 */
export function exitShapesSpawn(profile: Profile): boolean {
  const fp = profile.fingerprint;
  return (!profile.timezone && fp.timezoneByIp) || (languagesOf(profile).length === 0 && fp.languageByIp);
}
