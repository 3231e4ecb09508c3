import {
  DEFAULT_KERNEL_VERSION,
  fingerprintOptionsSchema,
  proxySchema,
  syncOptionsSchema,
  type FingerprintOptions,
  type OperatingSystem,
  type Profile,
  type ProfileSettings,
} from '@facet/contracts';

/**
 * The form's values are exactly the contract's ProfileSettings, so a server issue at
 * "settings.proxy.host" lands on the field named ['proxy', 'host'] once "settings." is stripped.
 */
export type ProfileFormValues = ProfileSettings;

export type ProfileFormTab = 'basic' | 'proxy' | 'fingerprint' | 'advanced';

/** Fingerprint options the Advanced tab shows: set by the user, kept when a new fingerprint is generated. */
const advancedFingerprintKeys = ['customHeaders', 'dns', 'remoteDebug', 'portScanProtection', 'commandLine', 'deviceName', 'macAddress'] as const;

/** What a new profile starts with from the account's global settings. */
interface NewProfileDefaults {
  os: OperatingSystem;
  startPage: string;
}

export function emptyProfileSettings(groupId: string, defaults: NewProfileDefaults = { os: 'windows', startPage: '' }): ProfileFormValues {
  return {
    name: '',
    groupId,
    remark: '',
    os: defaults.os,
    userAgent: '',
    resolution: '',
    language: '',
    timezone: '',
    startPage: defaults.startPage,
    kernelVersion: DEFAULT_KERNEL_VERSION,
    iconId: 1,
    proxy: proxySchema.parse({}),
    sync: syncOptionsSchema.parse({}),
    fingerprint: fingerprintOptionsSchema.parse({}),
    cookies: [],
  };
}

/** The settings part of a fetched profile (the rest is read-only information). */
export function settingsOf(profile: Profile): ProfileFormValues {
  const { name, groupId, remark, os, userAgent, resolution, language, timezone, startPage, kernelVersion, iconId, proxy, sync, fingerprint, cookies } = profile;
  return { name, groupId, remark, os, userAgent, resolution, language, timezone, startPage, kernelVersion, iconId, proxy, sync, fingerprint, cookies };
}

/** A generated fingerprint replaces the current one except what the user set on the Advanced tab. */
export function mergeSuggestedFingerprint(current: FingerprintOptions, suggested: FingerprintOptions): FingerprintOptions {
  const kept = Object.fromEntries(advancedFingerprintKeys.map((key) => [key, current[key]]));
  return { ...suggested, ...kept };
}

/** Which tab shows the field at this name path (to reveal the first error). */
export function tabOfPath(path: readonly (string | number)[]): ProfileFormTab {
  const [first, second] = path;
  if (first === 'proxy') return 'proxy';
  if (first === 'sync') return 'advanced';
  if (first === 'fingerprint') return (advancedFingerprintKeys as readonly unknown[]).includes(second) ? 'advanced' : 'fingerprint';
  return 'basic';
}

/**
 * Cleared number inputs give null; the contract wants a number or nothing (then its default).
 * Nulls are dropped so the server's defaults apply rather than an "invalid" refusal.
 */
export function withoutNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutNulls) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, withoutNulls(v)])) as T;
  }
  return value;
}
