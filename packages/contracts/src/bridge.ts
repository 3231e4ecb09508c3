import { z } from 'zod';
import { limits } from './limits.ts';
import { skippedCookieSchema } from './profiles/cookieRule.ts';
import { proxySchema } from './profiles/proxy.ts';

/**
 * Console ↔ agent bridge (WebSocket on 127.0.0.1). The agent serves the console page with a
 * per-install secret in it; the first message must be `hello` with that secret, and the agent
 * also refuses any Origin but its own. Shapes follow spec §3 "client-call reply".
 */
export const bridgeRequestTypes = [
  'hello',
  'openUrl',
  'base64Encode',
  'isBrowserRunning',
  'configInfo',
  'logout',
  'session',
  'startBrowser',
  'stopBrowser',
  'runningBrowsers',
  'testProxy',
  'kernels',
  'saveConfig',
  'listDirectory',
  'cleanCache',
  /** Opens the profile (started if needed) at the agent's fingerprint check page: fingerprintCheck.ts. */
  'checkFingerprint',
  /** The exit dialog's "keep running in the background": the app window closes; the agent, its browsers and the local API stay. */
  'closeWindow',
  /** The exit dialog's "exit": every browser closes (cookies saved), then the agent stops. */
  'quitClient',
  /** The server this client works with, as the person typed it at first start (or later). */
  'setServer',
  /** Open or close many profiles: the agent runs the batch (a few at a time) and pushes `batch` as it goes. */
  'startBrowsers',
  'stopBrowsers',
  /** The batches still running, for a console that opens (or reloads) in the middle of one. */
  'browserBatches',
  /** The batch's profiles not yet begun are left alone; the ones under way finish. */
  'cancelBatch',
  /** Lays the running profiles' windows out in a grid on the screen. */
  'arrangeWindows',
] as const;
export type BridgeRequestType = (typeof bridgeRequestTypes)[number];

export const bridgeRequestSchema = z.object({
  id: z.number().int().nonnegative(),
  type: z.enum(bridgeRequestTypes),
  parameter: z.unknown().optional(),
});
export type BridgeRequest = z.infer<typeof bridgeRequestSchema>;

export const bridgeReplySchema = z.object({
  id: z.number().int().nonnegative(),
  /** 0 is ok; otherwise a bridge error code below. */
  error: z.number().int(),
  type: z.string(),
  msg: z.string(),
  parameter: z.unknown().optional(),
  value: z.unknown().optional(),
});
export type BridgeReply = z.infer<typeof bridgeReplySchema>;

/** Pushes the agent sends without being asked (spec §4 "client-pushed events"). */
export const bridgePushTypes = ['notice/logout', 'msgbox', 'updataver', 'cleancache', 'cleancacheprogress', 'start', 'stop', 'starterror', 'batch', 'syncprogress', 'syncconflict', 'leaselost', 'accessended'] as const;
export const bridgePushSchema = z.object({
  push: z.enum(bridgePushTypes),
  parameter: z.unknown().optional(),
});
export type BridgePush = z.infer<typeof bridgePushSchema>;

/**
 * `msgbox` (spec §4): code 101 shows an alert, 100 a message (msgtype 1 success, 2 warning,
 * 3 error), 86 opens the exit dialog.
 */
export const msgboxPushSchema = z.object({
  code: z.union([z.literal(100), z.literal(101), z.literal(86)]),
  msgtype: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  content: z.string().max(2000).default(''),
});

export const BridgeError = {
  OK: 0,
  BAD_REQUEST: 1,
  NOT_ALLOWED: 2,
  FAILED: 3,
  UNAUTHENTICATED: 4,
  /** A folder (or file) that is not there. */
  NOT_FOUND: 5,
  // Refusals of `saveConfig`: each belongs beside one field of the form (localSettingsErrorField).
  DISK_MIN_LIMIT: 10,
  AUTOMATION_PORT: 11,
  PORT_IN_USE: 12,
  BIND_IP: 13,
  PROFILE_DIR_NOT_FOUND: 14,
  PROFILE_DIR_NOT_WRITABLE: 15,
  // Refusals of `setServer`: nothing is saved and the client keeps its server.
  SERVER_URL_INVALID: 16,
  SERVER_UNREACHABLE: 17,
  /** Something answered, but not a Facet server's config.json. */
  SERVER_NOT_FACET: 18,
  /** FACET_SERVER_URL set in the environment decides the server. */
  SERVER_FIXED: 19,
  /** Profiles opened through the current server run: they must close first. */
  PROFILES_RUNNING: 20,
} as const;

export const bridgeErrorMessageKey: Record<number, string> = {
  [BridgeError.BAD_REQUEST]: 'bridge.badRequest',
  [BridgeError.NOT_ALLOWED]: 'bridge.notAllowed',
  [BridgeError.FAILED]: 'error.operationFailed',
  [BridgeError.UNAUTHENTICATED]: 'bridge.unauthenticated',
  [BridgeError.NOT_FOUND]: 'localSettings.error.notFound',
  [BridgeError.DISK_MIN_LIMIT]: 'localSettings.validation.diskMinLimit',
  [BridgeError.AUTOMATION_PORT]: 'localSettings.validation.port',
  [BridgeError.PORT_IN_USE]: 'localSettings.error.portInUse',
  [BridgeError.BIND_IP]: 'localSettings.error.bindIp',
  [BridgeError.PROFILE_DIR_NOT_FOUND]: 'localSettings.error.dirNotFound',
  [BridgeError.PROFILE_DIR_NOT_WRITABLE]: 'localSettings.error.dirNotWritable',
  [BridgeError.SERVER_URL_INVALID]: 'connect.error.invalidUrl',
  [BridgeError.SERVER_UNREACHABLE]: 'connect.error.unreachable',
  [BridgeError.SERVER_NOT_FACET]: 'connect.error.notFacet',
  [BridgeError.SERVER_FIXED]: 'connect.error.fixed',
  [BridgeError.PROFILES_RUNNING]: 'connect.error.profilesRunning',
};

/** What the agent injects into the page it serves (and only that page). */
export const clientBootstrapSchema = z.object({
  bridgeUrl: z.string(),
  secret: z.string().min(32),
  agentVersion: z.string(),
  /** The server the agent works with; null until the person names one (first start). */
  server: z.string().nullable(),
  /** The server comes from FACET_SERVER_URL and cannot be changed from the console. */
  serverFixed: z.boolean(),
  /** 32 bytes (base64url) the console seals what it keeps in web storage with (spec §3: encrypted in the client). */
  storageKey: z.string().min(43),
});
export type ClientBootstrap = z.infer<typeof clientBootstrapSchema>;
export const CLIENT_BOOTSTRAP_GLOBAL = '__FACET_CLIENT__';
/** Set instead of the bootstrap on the agent's page opened without a launch link: the console says how to open it. */
export const CLIENT_LOCKED_GLOBAL = '__FACET_CLIENT_LOCKED__';

/** `setServer`: what the person typed (scheme optional); the answer is the URL as saved. */
export const setServerParameterSchema = z.object({ url: z.string().min(1).max(2048) });
export const setServerResultSchema = z.object({ url: z.string() });

export const openUrlParameterSchema = z.object({ url: z.string().url().max(2048) });
export const base64ParameterSchema = z.object({ text: z.string().max(1024 * 1024) });
export const isRunningParameterSchema = z.object({ profileId: z.string().max(64) });

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

/** An installed browser the agent can launch profiles with ("kernel"); the first is the default. */
export const kernelSchema = z.object({
  path: z.string(),
  product: z.enum(['Chromium', 'Google Chrome']),
  /** The full version, e.g. 156.0.8078.79. */
  version: z.string(),
  major: z.number().int().positive(),
});
export type Kernel = z.infer<typeof kernelSchema>;
export const kernelListSchema = z.array(kernelSchema);

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

/** The console hands the agent its session, so the agent launches profiles as the signed-in user. */
export const sessionParameterSchema = z.object({ auth: z.string().min(1).max(512) });
export const browserParameterSchema = z.object({ profileId: z.string().min(1).max(64) });
/** A start may ask for no window (headless), as the local API's `headless=1` does. */
export const startBrowserParameterSchema = browserParameterSchema.extend({ headless: z.boolean().optional() });

/** A profile's browser on this machine, as the browser list shows it. */
export const runningBrowserSchema = z.object({
  profileId: z.string(),
  state: z.enum(['launching', 'running']),
  /** The numbered icon; numbers of closed browsers are handed out again. */
  number: z.number().int().positive(),
  /** Started without a window. */
  headless: z.boolean(),
  /** Stored cookies this start left out, the browser refusing them (issue 34); the console says which. */
  skippedCookies: z.array(skippedCookieSchema).default([]),
});
export type RunningBrowser = z.infer<typeof runningBrowserSchema>;
export const runningBrowserListSchema = z.array(runningBrowserSchema);

/** Why a start failed: the console shows `startError.<reason>`. */
export const startFailureReasons = [
  'refused',
  'authFailed',
  'unreachableTarget',
  'timeout',
  'upstreamError',
  'badAnswer',
  /**
   * The proxy's exit address is not in the GeoIP database and the profile's time zone follows
   * it: starting would show this machine's time zone behind a foreign address.
   */
  'geoUnknown',
  'chromiumFailed',
  /** The profile's fixed debugging port is held by another program. */
  'debugPortTaken',
  'noAccount',
  'notFound',
  /** Less free space on the profile directory's disk than the local settings' minimum. */
  'diskSpaceLow',
  /** The team's plan has expired: the server restricts opening profiles until it is renewed. */
  'planExpired',
  /** An assigned plugin's bytes are not the version the server pinned, or not a safe package: not loaded, not started. */
  'pluginTampered',
  /** An assigned plugin could not be fetched from the server. */
  'pluginUnavailable',
  /** Another computer holds the profile's lease (it is open there). */
  'openElsewhere',
  /** The newest stored state is damaged, altered, too large or names a path outside the profile: not applied, not started. */
  'syncRefused',
  /** The newest stored state could not be downloaded. */
  'syncUnavailable',
  'failed',
] as const;
export type StartFailureReason = (typeof startFailureReasons)[number];

/**
 * Pushed as `syncprogress` while a profile's state is downloaded before its start or saved after
 * its stop (and every few minutes while it runs); `finished` once more at the end, with `failed`
 * when the save did not reach the server (it is tried again at the next save or start).
 */
export const syncProgressPushSchema = z.object({
  profileId: z.string(),
  direction: z.enum(['upload', 'download']),
  doneBytes: z.number().int().nonnegative(),
  totalBytes: z.number().int().nonnegative(),
  finished: z.boolean(),
  failed: z.boolean().optional(),
});
export type SyncProgressPush = z.infer<typeof syncProgressPushSchema>;

/** Pushed as `syncconflict`: this machine's save was made beside a newer one of another machine; both are kept. */
export const syncConflictPushSchema = z.object({
  profileId: z.string(),
  /** The version this machine saved (now the newest). */
  savedNumber: z.number().int(),
  /** The other machine's version it was made beside, kept too. */
  otherNumber: z.number().int(),
  otherDevice: z.string(),
});
export type SyncConflictPush = z.infer<typeof syncConflictPushSchema>;

/** Pushed as `leaselost`: another machine has taken the profile while this browser ran (its lease had lapsed). */
export const leaseLostPushSchema = z.object({ profileId: z.string(), device: z.string().nullable() });

/**
 * Pushed as `accessended`: the agent closed the browser because this account may no longer run
 * the profile (the owner revoked the share or handed the profile over, the group was taken away,
 * the team's plan ended), or because the sign-in it ran with is gone. Its state was saved for the owner.
 */
export const accessEndedReasons = ['accessEnded', 'planExpired', 'signedOut'] as const;
export const accessEndedPushSchema = z.object({ profileId: z.string(), name: z.string(), reason: z.enum(accessEndedReasons) });
export type AccessEndedPush = z.infer<typeof accessEndedPushSchema>;

/** Pushed as `start` / `stop` / `starterror`. */
export const browserStatePushSchema = z.object({ profileId: z.string(), state: z.enum(['launching', 'running', 'stopped']), number: z.number().int().optional(), headless: z.boolean().optional() });
export const startErrorPushSchema = z.object({
  profileId: z.string(),
  reason: z.enum(startFailureReasons),
  /** With `openElsewhere`: where it is open, for the message's {{device}} and {{by}}. */
  elsewhere: z.object({ device: z.string(), by: z.string(), since: z.number().int() }).optional(),
});

/** "Test proxy": the proxy as the form holds it; the answer is what the check through it saw. */
export const testProxyParameterSchema = z.object({ proxy: proxySchema });
export const proxyTestResultSchema = z.object({
  ip: z.string(),
  latencyMs: z.number().int(),
  /** From the offline GeoIP database; absent for addresses it does not know (private ones). */
  country: z.string().optional(),
  timezone: z.string().optional(),
});
export type ProxyTestResult = z.infer<typeof proxyTestResultSchema>;

const profileIdsSchema = z.array(z.string().min(1).max(64)).min(1).max(limits.maxProfilesPerBatch);

/** `startBrowsers`: each start goes the way one click's does (same launch, same rules). */
export const startBrowsersParameterSchema = z.object({ profileIds: profileIdsSchema, headless: z.boolean().optional() });
export const stopBrowsersParameterSchema = z.object({ profileIds: profileIdsSchema });
export const cancelBatchParameterSchema = z.object({ batchId: z.string().min(1).max(64) });

/**
 * How one profile of a batch ended: `done` opened (or closed) by this batch; `skipped` had
 * nothing to do (already running for an open, not running for a close); `cancelled` was never
 * begun (the batch was cancelled, or a close came first).
 */
export const browserBatchOutcomes = ['done', 'failed', 'skipped', 'cancelled'] as const;
export const browserBatchResultSchema = z.object({
  profileId: z.string(),
  outcome: z.enum(browserBatchOutcomes),
  /** Why a start failed (`startError.<reason>`); a failed close says `failed`. */
  reason: z.enum(startFailureReasons).optional(),
});
export type BrowserBatchResult = z.infer<typeof browserBatchResultSchema>;

/**
 * A batch as it stands: answered by `startBrowsers` / `stopBrowsers`, then pushed as `batch`
 * while it runs and once more when it has finished, with every profile's result.
 */
export const browserBatchSchema = z.object({
  batchId: z.string(),
  action: z.enum(['start', 'stop']),
  total: z.number().int().positive(),
  /** Profiles being started (or closed) right now. */
  active: z.array(z.string()),
  /** One per profile that has ended, in the order they ended. */
  results: z.array(browserBatchResultSchema),
  cancelled: z.boolean(),
  finished: z.boolean(),
  /** Grows with every change: the console keeps the newest of an answer and the pushes. */
  seq: z.number().int().nonnegative(),
});
export type BrowserBatch = z.infer<typeof browserBatchSchema>;
export const browserBatchListSchema = z.array(browserBatchSchema);

/** Chromium keeps its windows at least this large (500 × 177 on Linux): a smaller cell would only overlap. */
export const WINDOW_MIN_WIDTH = 500;
export const WINDOW_MIN_HEIGHT = 200;
export const ARRANGE_MAX_COLUMNS = 20;
/** The largest window size an arrangement takes: beyond any screen there is. */
export const WINDOW_MAX_SIZE = 16_384;

/** A window's place on the screen, in screen pixels. */
export const windowBoundsSchema = z.object({ left: z.number().int(), top: z.number().int(), width: z.number().int().positive(), height: z.number().int().positive() });
export type WindowBounds = z.infer<typeof windowBoundsSchema>;

/**
 * `arrangeWindows`: the windows of these profiles (all running ones without a list), in the
 * order of their numbers; columns and window size chosen to fit the screen unless given.
 */
export const arrangeWindowsParameterSchema = z.object({
  profileIds: z.array(z.string().min(1).max(64)).max(limits.maxProfilesPerBatch).optional(),
  columns: z.number().int().min(1).max(ARRANGE_MAX_COLUMNS).optional(),
  width: z.number().int().min(WINDOW_MIN_WIDTH).max(WINDOW_MAX_SIZE).optional(),
  height: z.number().int().min(WINDOW_MIN_HEIGHT).max(WINDOW_MAX_SIZE).optional(),
});
export type ArrangeWindowsParameter = z.infer<typeof arrangeWindowsParameterSchema>;
export const arrangeWindowsResultSchema = z.object({
  /** The screen area the grid filled (the primary screen's, without task bars). */
  screen: windowBoundsSchema,
  columns: z.number().int().nonnegative(),
  rows: z.number().int().nonnegative(),
  /** Each window moved, with the bounds Chromium reports afterwards. */
  windows: z.array(z.object({ profileId: z.string(), bounds: windowBoundsSchema })),
  /** Running with a window, but it could not be moved (it closed meanwhile). */
  failed: z.array(z.string()),
});
export type ArrangeWindowsResult = z.infer<typeof arrangeWindowsResultSchema>;
