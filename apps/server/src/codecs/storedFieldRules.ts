import {
  DEFAULT_KERNEL_VERSION,
  hasControlCharacters,
  isHostOrAddress,
  screenLimits,
  validateDebugPort,
  validateKernelVersion,
  validateLanguageList,
  validateResolution,
  validateTimeZone,
  withoutControlCharacters,
  type ProfileSettings,
} from '@facet/contracts';

/**
 * Rows saved before the profile field rules (contracts profileFieldRules.ts) may hold values
 * the rules now refuse: a resolution of 99999x99999, a time zone "../../etc/passwd". Reading
 * such a row through the schema would fail every read of the profile (a 500, a profile nobody
 * can open to correct), so each value reads as the nearest one the rules take, and the next
 * save stores that. None of these values ever worked as written.
 */

/** An RFC 6761 name: it never resolves, so a proxy stored with an unusable host still refuses to start. */
export const UNUSABLE_PROXY_HOST = 'stored-host-was-invalid.invalid';

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** A size past the real screens is brought to the nearest one; anything else is the commonest screen. */
function readableResolution(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (validateResolution(text) === null) return text;
  const size = /^(\d{1,6})x(\d{1,6})$/.exec(text);
  if (!size) return '1920x1080';
  return `${clamp(Number(size[1]), screenLimits.minWidth, screenLimits.maxWidth)}x${clamp(Number(size[2]), screenLimits.minHeight, screenLimits.maxHeight)}`;
}

type StoredFields = Partial<Pick<ProfileSettings, 'resolution' | 'kernelVersion' | 'timezone' | 'language'>> & {
  fingerprint?: { remoteDebug?: { port?: unknown }; commandLine?: unknown };
};

/**
 * The stored settings JSON with each field the rules refuse replaced: a kernel outside the list
 * by the default (the launch ran it there anyway), a time zone or language by '' (follow the
 * proxy's exit), a privileged debug port by 0 (the agent picks one), control characters taken
 * out of the command line.
 */
export function withinFieldRules<T extends StoredFields>(stored: T): T {
  const read: T = { ...stored };
  if (stored.resolution !== undefined) read.resolution = readableResolution(stored.resolution);
  if (typeof stored.kernelVersion === 'string' && validateKernelVersion(stored.kernelVersion) !== null) read.kernelVersion = DEFAULT_KERNEL_VERSION;
  if (typeof stored.timezone === 'string' && validateTimeZone(stored.timezone.trim()) !== null) read.timezone = '';
  if (typeof stored.language === 'string' && validateLanguageList(stored.language) !== null) read.language = '';
  const fingerprint = stored.fingerprint;
  if (fingerprint) {
    const port = fingerprint.remoteDebug?.port;
    const commandLine = fingerprint.commandLine;
    read.fingerprint = {
      ...fingerprint,
      ...(typeof port === 'number' && validateDebugPort(port) !== null ? { remoteDebug: { ...fingerprint.remoteDebug, port: 0 } } : {}),
      ...(typeof commandLine === 'string' && hasControlCharacters(commandLine) ? { commandLine: withoutControlCharacters(commandLine) } : {}),
    };
  }
  return read;
}

/** A stored proxy host the rules refuse: a name that fails every start, as the stored one did, and shows the owner what to correct. */
export function readableProxyHost(type: string, host: string): string {
  return type === 'none' || host === '' || isHostOrAddress(host) ? host : UNUSABLE_PROXY_HOST;
}
