import type { SynchronizerFailure } from '../synchronizer.ts';

/** The `error` of a bridge reply: 0 is ok. */
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
  // Refusals of the window synchronizer's requests, one per SynchronizerFailure (../synchronizer.ts).
  LEADER_NOT_RUNNING: 21,
  FOLLOWER_NOT_RUNNING: 22,
  SYNCHRONIZER_RUNNING: 23,
  SYNCHRONIZER_NOT_RUNNING: 24,
  NOT_A_FOLLOWER: 25,
  FOLLOWER_UNAVAILABLE: 26,
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
  [BridgeError.LEADER_NOT_RUNNING]: 'synchronizer.error.leaderNotRunning',
  [BridgeError.FOLLOWER_NOT_RUNNING]: 'synchronizer.error.followerNotRunning',
  [BridgeError.SYNCHRONIZER_RUNNING]: 'synchronizer.error.running',
  [BridgeError.SYNCHRONIZER_NOT_RUNNING]: 'synchronizer.error.notRunning',
  [BridgeError.NOT_A_FOLLOWER]: 'synchronizer.error.notAFollower',
  [BridgeError.FOLLOWER_UNAVAILABLE]: 'synchronizer.error.followerUnavailable',
};

/** The bridge's error for each refusal of the synchronizer: the console words it from bridgeErrorMessageKey. */
export const synchronizerBridgeErrors: Record<SynchronizerFailure, number> = {
  leader_not_running: BridgeError.LEADER_NOT_RUNNING,
  follower_not_running: BridgeError.FOLLOWER_NOT_RUNNING,
  synchronizer_running: BridgeError.SYNCHRONIZER_RUNNING,
  synchronizer_not_running: BridgeError.SYNCHRONIZER_NOT_RUNNING,
  not_a_follower: BridgeError.NOT_A_FOLLOWER,
  follower_unavailable: BridgeError.FOLLOWER_UNAVAILABLE,
};
