import type { CheckContradiction, CheckField, CheckScope } from '@facet/contracts';

/** What the profile's pages must read at this launch: the plan's identity and the profile's GPU. */
export interface ExpectedIdentity {
  userAgent: string;
  platform: string;
  languages: string[];
  /** The profile's zone, or this machine's when the profile leaves it. */
  timeZone: string;
  hardwareConcurrency: number;
  /** null: this computer's own value (nothing changes it, nothing to compare). */
  deviceMemory: number | null;
  maxTouchPoints: number;
  screen: { width: number; height: number };
  /** null: the machine's own GPU (nothing to compare). */
  webgl: { vendor: string; renderer: string } | null;
  /** null: client hints are off for the profile. */
  userAgentData: { platform: string; mobile: boolean; major: string } | null;
}

interface Seen {
  window: CheckScope;
  worker: CheckScope | null;
}

/** Minutes east of UTC of `zone` at `at`; null for a zone Intl does not know. */
export function zoneOffset(zone: string, at: Date = new Date()): number | null {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
    const match = /^GMT(?:([+-])(\d{1,2})(?::?(\d{2}))?)?$/.exec(name);
    if (!match) return null;
    if (!match[1]) return 0;
    return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
  } catch {
    // RangeError: not an IANA zone this runtime knows
    return null;
  }
}

const language = (tag: string) => tag.split(/[-_]/)[0]!.toLowerCase();
const text = (value: unknown): string => (value === null || value === undefined ? '—' : Array.isArray(value) ? value.join(', ') : String(value));
const gpu = (webgl: CheckScope['webgl']) => (webgl ? `${webgl.vendor} / ${webgl.renderer}` : '—');

/** What both scopes can read, as the same text in each: a worker must read what its window reads (workers have no webdriver flag). */
const sharedFields: [CheckField, (scope: CheckScope) => string][] = [
  ['userAgent', (s) => s.userAgent],
  ['platform', (s) => s.platform],
  ['language', (s) => s.language],
  ['languages', (s) => text(s.languages)],
  ['locale', (s) => s.locale],
  ['timeZone', (s) => s.timeZone],
  ['hardwareConcurrency', (s) => text(s.hardwareConcurrency)],
  ['deviceMemory', (s) => text(s.deviceMemory)],
  ['webgl', (s) => gpu(s.webgl)],
  ['userAgentDataPlatform', (s) => text(s.userAgentData?.platform)],
];

/**
 * Every disagreement a site could find: the window against the profile's settings, each reading
 * against another one of the same scope (Date's offset against Intl's zone), the worker against
 * its window, and the time zone against the place of the exit address.
 */
export function compareIdentity(expected: ExpectedIdentity, seen: Seen, exitTimeZone: string | null, at: Date = new Date()): CheckContradiction[] {
  const found: CheckContradiction[] = [];
  const w = seen.window;
  const against = (field: CheckField, want: string, got: string) => {
    if (want !== got) found.push({ field, against: 'profile', scope: 'window', expected: want, seen: got });
  };
  against('userAgent', expected.userAgent, w.userAgent);
  against('platform', expected.platform, w.platform);
  against('language', expected.languages[0] ?? '—', w.language);
  against('languages', text(expected.languages), text(w.languages));
  // Chromium formats with its own locale for the first language (de-DE → "de"): the language is what must agree.
  if (expected.languages[0] && language(expected.languages[0]) !== language(w.locale)) {
    found.push({ field: 'locale', against: 'profile', scope: 'window', expected: expected.languages[0], seen: w.locale });
  }
  against('timeZone', expected.timeZone, w.timeZone);
  against('hardwareConcurrency', String(expected.hardwareConcurrency), text(w.hardwareConcurrency));
  if (expected.deviceMemory !== null) against('deviceMemory', String(expected.deviceMemory), text(w.deviceMemory));
  if (w.maxTouchPoints !== undefined && w.maxTouchPoints !== null) against('maxTouchPoints', String(expected.maxTouchPoints), String(w.maxTouchPoints));
  if (w.screen) against('screen', `${expected.screen.width}×${expected.screen.height}`, `${w.screen.width}×${w.screen.height}`);
  if (expected.webgl) against('webgl', gpu(expected.webgl), gpu(w.webgl));
  if (expected.userAgentData && w.userAgentData) {
    against('userAgentDataPlatform', expected.userAgentData.platform, w.userAgentData.platform);
    against('userAgentDataMobile', String(expected.userAgentData.mobile), String(w.userAgentData.mobile));
    const major = expected.userAgentData.major;
    if (!w.userAgentData.brands.some((brand) => brand.endsWith(` ${major}`))) {
      found.push({ field: 'userAgentDataVersion', against: 'profile', scope: 'window', expected: major, seen: text(w.userAgentData.brands) });
    }
  }
  if (w.webdriver === true) found.push({ field: 'webdriver', against: 'profile', scope: 'window', expected: 'false', seen: 'true' });

  for (const [scopeName, scope] of [['window', w], ['worker', seen.worker]] as const) {
    if (scope && scope.zoneOffset !== null && scope.zoneOffset !== scope.dateOffset) {
      found.push({ field: 'timezoneOffset', against: 'sameScope', scope: scopeName, expected: formatOffset(scope.zoneOffset), seen: formatOffset(scope.dateOffset) });
    }
  }
  if (seen.worker) {
    for (const [field, read] of sharedFields) {
      const inWindow = read(w);
      const inWorker = read(seen.worker);
      if (inWindow !== inWorker) found.push({ field, against: 'window', scope: 'worker', expected: inWindow, seen: inWorker });
    }
  }
  if (exitTimeZone && exitTimeZone !== w.timeZone) {
    // Another zone with the same offset now shows the same clock: only a different offset gives the profile away.
    const exitOffset = zoneOffset(exitTimeZone, at);
    const ownOffset = zoneOffset(w.timeZone, at);
    if (exitOffset !== null && ownOffset !== null && exitOffset !== ownOffset) {
      found.push({ field: 'exitTimeZone', against: 'exit', scope: 'window', expected: exitTimeZone, seen: w.timeZone });
    }
  }
  return found;
}

/** UTC+09:00 */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
