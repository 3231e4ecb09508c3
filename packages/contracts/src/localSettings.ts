import { z } from 'zod';
import { BridgeError } from './bridge/errors.ts';

/** Local client config (spec §3): where profiles live, disk use, and the automation API settings. */
export const localClientConfigSchema = z.object({
  profileDir: z.string(),
  /** Bytes under the profile directory. */
  diskUse: z.number().int().nonnegative(),
  /** GB that must stay free on the profile directory's disk for a profile to start. */
  diskMinLimit: z.number().int().min(1),
  Emulation: z.object({
    open: z.boolean(),
    bindip: z.string(),
    port: z.number().int().min(1).max(65535),
    /** Never sent back: always ''. Whether one is set is `passwordSet`. */
    password: z.string(),
    passwordSet: z.boolean(),
    /**
     * Programs of this user on this machine may call the API without the key, as AdsPower's with
     * its "security verification" off; web pages and other users of the machine still may not.
     */
    keyless: z.boolean(),
  }),
  /** Where profiles live when no folder was chosen. */
  defaultProfileDir: z.string(),
  /** Free bytes on the profile directory's disk; null when the agent cannot tell. */
  diskFree: z.number().nonnegative().nullable(),
  /** The addresses the automation API may bind: loopback, every interface, and this machine's own addresses. */
  bindAddresses: z.array(z.string()),
  /** Where the automation API listens right now (`host:port`), null when it is off. */
  automationAddress: z.string().nullable(),
});
export type LocalClientConfig = z.infer<typeof localClientConfigSchema>;

/** Largest disk minimum the form offers (1 PB): above that no disk could ever start a profile. */
export const DISK_MIN_LIMIT_MAX_GB = 1_000_000;
/** Longest automation password the agent keeps. */
export const AUTOMATION_PASSWORD_MAX = 128;

/** Spec §5: the disk minimum is a positive integer, at least 1 (GB). */
export const validateDiskMinLimit = (value: unknown): string | null =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= DISK_MIN_LIMIT_MAX_GB ? null : 'localSettings.validation.diskMinLimit';

/** Spec §5: with browser automation on, its port is a positive integer, at least 1 (and a TCP port). */
export const validateAutomationPort = (open: boolean, value: unknown): string | null =>
  !open || (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 65535) ? null : 'localSettings.validation.port';

/**
 * `saveConfig`: the whole form. The rules of spec §5 are checked by the agent with the functions
 * above and refused with their own codes, so numbers arrive unchecked here. `password` left out
 * keeps the current one; '' removes it.
 */
export const saveConfigParameterSchema = z.object({
  profileDir: z.string().min(1).max(4096),
  diskMinLimit: z.number().nullable(),
  Emulation: z.object({
    open: z.boolean(),
    bindip: z.string().min(1).max(64),
    port: z.number().nullable(),
    password: z.string().max(AUTOMATION_PASSWORD_MAX).optional(),
    /** Left out keeps the saved choice. */
    keyless: z.boolean().optional(),
  }),
});
export type SaveConfigParameter = z.infer<typeof saveConfigParameterSchema>;

/** Which form field a `saveConfig` refusal belongs beside. */
export const localSettingsErrorField: Partial<Record<number, 'profileDir' | 'diskMinLimit' | 'bindip' | 'port'>> = {
  [BridgeError.DISK_MIN_LIMIT]: 'diskMinLimit',
  [BridgeError.AUTOMATION_PORT]: 'port',
  [BridgeError.PORT_IN_USE]: 'port',
  [BridgeError.BIND_IP]: 'bindip',
  [BridgeError.PROFILE_DIR_NOT_FOUND]: 'profileDir',
  [BridgeError.PROFILE_DIR_NOT_WRITABLE]: 'profileDir',
};

/** `listDirectory`: folders only; hidden ones (a leading dot) only when asked. No path: the home folder. */
export const listDirectoryParameterSchema = z.object({ path: z.string().max(4096).optional(), showHidden: z.boolean().optional() });
export const directoryListingSchema = z.object({
  path: z.string(),
  /** null at the root. */
  parent: z.string().nullable(),
  entries: z.array(z.object({ name: z.string() })),
  /** More folders than the listing holds. */
  truncated: z.boolean(),
});
export type DirectoryListing = z.infer<typeof directoryListingSchema>;

/** `cleanCache` answers this, and pushes it as `cleancache` when done. */
export const cleanCacheResultSchema = z.object({
  freedBytes: z.number().int().nonnegative(),
  /** Profiles whose browser caches were looked at (and removed where there were any). */
  cleaned: z.number().int().nonnegative(),
  /** Profiles left alone because their browser runs. */
  skippedRunning: z.number().int().nonnegative(),
});
export type CleanCacheResult = z.infer<typeof cleanCacheResultSchema>;
/** Pushed as `cleancacheprogress` while a clean runs. */
export const cleanCacheProgressSchema = z.object({ done: z.number().int().nonnegative(), total: z.number().int().nonnegative() });
export type CleanCacheProgress = z.infer<typeof cleanCacheProgressSchema>;
