import type { CheckScope } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { compareIdentity, formatOffset, zoneOffset, type ExpectedIdentity } from './compareIdentity.ts';

const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const expected: ExpectedIdentity = {
  userAgent: UA,
  platform: 'Win32',
  languages: ['de-DE', 'de', 'en'],
  timeZone: 'Asia/Tokyo',
  hardwareConcurrency: 6,
  deviceMemory: 4,
  maxTouchPoints: 0,
  screen: { width: 1366, height: 768 },
  webgl: { vendor: 'Google Inc. (NVIDIA)', renderer: 'ANGLE (NVIDIA GeForce GTX 1650)' },
  userAgentData: { platform: 'Windows', mobile: false, major: '156' },
};

/** What a page of a well-made profile reads: everything the profile says. */
const worker: CheckScope = {
  userAgent: UA,
  platform: 'Win32',
  language: 'de-DE',
  languages: ['de-DE', 'de', 'en'],
  hardwareConcurrency: 6,
  deviceMemory: 4,
  timeZone: 'Asia/Tokyo',
  locale: 'de',
  dateOffset: 540,
  zoneOffset: 540,
  webdriver: false,
  userAgentData: { platform: 'Windows', mobile: false, brands: ['Chromium 156', 'Google Chrome 156', 'Not_A Brand 99'] },
  webgl: { vendor: 'Google Inc. (NVIDIA)', renderer: 'ANGLE (NVIDIA GeForce GTX 1650)' },
};
const window: CheckScope = { ...worker, maxTouchPoints: 0, screen: { width: 1366, height: 768, availWidth: 1366, availHeight: 768, colorDepth: 24, pixelRatio: 1 } };
const at = new Date('2025-01-15T12:00:00Z');

describe('compareIdentity', () => {
  it('finds nothing when every scope reads what the profile says', () => {
    expect(compareIdentity(expected, { window, worker }, 'Asia/Tokyo', at)).toEqual([]);
  });

  it('names each window value that differs from the profile, with both values', () => {
    const seen = { ...window, platform: 'Linux x86_64', timeZone: 'Europe/Berlin', zoneOffset: 60, dateOffset: 60, screen: { ...window.screen!, width: 1920, height: 1080 } };
    expect(compareIdentity(expected, { window: seen, worker: null }, null, at)).toEqual([
      { field: 'platform', against: 'profile', scope: 'window', expected: 'Win32', seen: 'Linux x86_64' },
      { field: 'timeZone', against: 'profile', scope: 'window', expected: 'Asia/Tokyo', seen: 'Europe/Berlin' },
      { field: 'screen', against: 'profile', scope: 'window', expected: '1366×768', seen: '1920×1080' },
    ]);
  });

  it('holds a worker to its window, and a clock to its own time zone', () => {
    const found = compareIdentity(expected, { window, worker: { ...worker, platform: 'Linux x86_64', dateOffset: 0 } }, null, at);
    expect(found).toEqual([
      { field: 'timezoneOffset', against: 'sameScope', scope: 'worker', expected: 'UTC+09:00', seen: 'UTC+00:00' },
      { field: 'platform', against: 'window', scope: 'worker', expected: 'Win32', seen: 'Linux x86_64' },
    ]);
  });

  it('takes the locale by its language, as Chromium formats with its own locale for it', () => {
    expect(compareIdentity(expected, { window: { ...window, locale: 'de-DE' }, worker: null }, null, at)).toEqual([]);
    expect(compareIdentity(expected, { window: { ...window, locale: 'en-US' }, worker: null }, null, at)).toEqual([
      { field: 'locale', against: 'profile', scope: 'window', expected: 'de-DE', seen: 'en-US' },
    ]);
  });

  it('leaves alone what the profile does not set: the machine\'s memory and GPU, client hints that are off', () => {
    const open = { ...expected, deviceMemory: null, webgl: null, userAgentData: null };
    const seen = { ...window, deviceMemory: 8, webgl: { vendor: 'Mesa', renderer: 'llvmpipe' }, userAgentData: { platform: 'Linux', mobile: false, brands: [] } };
    expect(compareIdentity(open, { window: seen, worker: null }, null, at)).toEqual([]);
  });

  it('flags a client-hints version that is not the user agent\'s, and the webdriver flag', () => {
    const seen = { ...window, webdriver: true, userAgentData: { platform: 'Windows', mobile: false, brands: ['Chromium 140'] } };
    expect(compareIdentity(expected, { window: seen, worker: null }, null, at).map((c) => c.field)).toEqual(['userAgentDataVersion', 'webdriver']);
  });

  it('holds the time zone to the exit address only where the clocks differ', () => {
    // Seoul shows Tokyo's clock: nothing a site could tell.
    expect(compareIdentity(expected, { window, worker }, 'Asia/Seoul', at)).toEqual([]);
    expect(compareIdentity(expected, { window, worker }, 'America/New_York', at)).toEqual([
      { field: 'exitTimeZone', against: 'exit', scope: 'window', expected: 'America/New_York', seen: 'Asia/Tokyo' },
    ]);
  });
});

describe('zoneOffset', () => {
  it('reads offsets east of UTC, with summer time, and knows no made-up zone', () => {
    expect(zoneOffset('Asia/Tokyo', at)).toBe(540);
    expect(zoneOffset('America/New_York', at)).toBe(-300);
    expect(zoneOffset('America/New_York', new Date('2025-07-01T12:00:00Z'))).toBe(-240);
    expect(zoneOffset('Asia/Kolkata', at)).toBe(330);
    expect(zoneOffset('UTC', at)).toBe(0);
    expect(zoneOffset('Mars/Olympus', at)).toBeNull();
    expect(formatOffset(-210)).toBe('UTC-03:30');
  });
});
