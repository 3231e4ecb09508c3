import type { Rule } from '../validation.ts';

/**
 * What a profile's fields may hold, wherever a profile enters (console form, server call, file
 * import, the local API): each value reaches Chromium's command line, its environment or CDP,
 * so a value Chromium would misread is refused where it is typed, naming its field.
 */

/**
 * Screen sizes, in CSS pixels. fingerprint-generator's data (the identities the server draws)
 * runs from 320 to 6880 wide and 393 to 2560 high; 320 is the narrowest phone, 7680×4320 is
 * 8K UHD, the largest standard display size. A larger or smaller one is no screen a site would believe.
 */
export const screenLimits = { minWidth: 320, maxWidth: 7680, minHeight: 240, maxHeight: 4320 } as const;

/** Width x height in whole pixels, as the form and files write it ("1920x1080"). */
const RESOLUTION = /^([1-9]\d{0,5})x([1-9]\d{0,5})$/;

export function parseResolution(value: string): { width: number; height: number } | null {
  const match = RESOLUTION.exec(value.trim());
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  const fits = width >= screenLimits.minWidth && width <= screenLimits.maxWidth && height >= screenLimits.minHeight && height <= screenLimits.maxHeight;
  return fits ? { width, height } : null;
}

export const validateResolution: Rule = (value) => {
  if (!RESOLUTION.test(value.trim())) return 'validation.resolution';
  return parseResolution(value) ? null : 'validation.resolutionSize';
};

/**
 * The kernels a profile may name: Chromium majors 100 to 199, written as the major alone
 * ("156"), as the console's kernel list, the agent's catalogue (`kernels` on the bridge) and
 * AdsPower's `browser_kernel_config` give them. 100 shipped in March 2022; at one major every
 * four weeks 199 ships in late 2029, when this list must grow. A listed major that is not installed runs on the installed
 * default, its user agent following (docs/decisions.md, "Kernels"), so any of them starts.
 */
export const kernelMajors = { oldest: 100, newest: 199 } as const;

export function isKnownKernelVersion(value: string): boolean {
  if (!/^[1-9]\d{2}$/.test(value)) return false;
  const major = Number(value);
  return major >= kernelMajors.oldest && major <= kernelMajors.newest;
}

export const validateKernelVersion: Rule = (value) => (isKnownKernelVersion(value.trim()) ? null : 'validation.kernel');

/**
 * An IANA time zone as the tz database writes it ("Europe/Berlin", "UTC", "Etc/GMT+5"): each
 * part capitalised, no dots, so never a path ("../../etc/passwd" reached Chromium's TZ). The
 * name must also be one this JavaScript engine's ICU knows, the same test Chromium's ICU makes
 * of `Emulation.setTimezoneOverride`; aliases it knows ("US/Eastern") are accepted as typed.
 */
const ZONE_NAME = /^[A-Z][A-Za-z0-9_+-]*(?:\/[A-Z][A-Za-z0-9_+-]*){0,2}$/;

export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !ZONE_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    // RangeError: a name ICU does not know. That is the answer, not a failure.
    return false;
  }
}

/** '' follows the proxy's exit IP. */
export const validateTimeZone: Rule = (value) => (value === '' || isTimeZone(value) ? null : 'validation.timezone');

/** A q-value of Accept-Language (RFC 9110 §12.4.2). */
const QUALITY = /^q=(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;
/** BCP 47's shape: letters first, then subtags of letters and digits; no wildcard, no private `x` alone. */
const LANGUAGE_TAG = /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/;

export function isLanguageTag(tag: string): boolean {
  if (!LANGUAGE_TAG.test(tag)) return false;
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    // RangeError: not well-formed BCP 47.
    return false;
  }
}

/**
 * Accept-Language order as people type it: "en-US,en" or "de-DE, de;q=0.9". Each entry a BCP 47
 * tag the engine's Intl accepts, with an optional q-value; nothing else (a CR/LF would end the
 * header Chromium sends and start another).
 */
export function isLanguageList(value: string): boolean {
  return value.split(',').every((entry) => {
    const [tag, quality, ...rest] = entry.split(';').map((part) => part.trim());
    return rest.length === 0 && isLanguageTag(tag ?? '') && (quality === undefined || QUALITY.test(quality));
  });
}

/** '' follows the proxy's exit IP. */
export const validateLanguageList: Rule = (value) => (value.trim() === '' || isLanguageList(value) ? null : 'validation.language');

/**
 * A fixed DevTools port: 0 lets the agent pick a free one; else outside the well-known range
 * (below 1024 are the system's services: a profile must not claim or collide with ssh on 22).
 */
export const FIRST_UNPRIVILEGED_PORT = 1024;

export const validateDebugPort: Rule<number> = (port) =>
  port === 0 || (Number.isInteger(port) && port >= FIRST_UNPRIVILEGED_PORT && port <= 65535) ? null : 'validation.debugPort';

/**
 * Chromium switches, one per line: tabs and line ends separate them; any other control
 * character (a NUL ends a C string: Node refuses to spawn with one) is no part of a switch.
 */
const isControl = (code: number) => (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;

export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (isControl(value.charCodeAt(i))) return true;
  return false;
}

/** The text with those characters taken out (a row stored before the rule, storedFieldRules.ts). */
export function withoutControlCharacters(value: string): string {
  return [...value].filter((char) => !isControl(char.charCodeAt(0))).join('');
}

export const validateCommandLine: Rule = (value) => (hasControlCharacters(value) ? 'validation.commandLine' : null);
