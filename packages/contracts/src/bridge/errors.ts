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
