/**
 * Why a start failed: the console shows `startError.<reason>`. One list for the bridge's
 * `starterror` push and batch results and for the local API.
 */
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
