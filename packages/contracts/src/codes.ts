/**
 * Every answer code that crosses the wire, with the i18n key of its message.
 *
 * 0, 886, 887, 888, 889, 2122 and 2133 are fixed by the product spec (§8) because the console
 * reacts to them specially; the rest are ours. Clients branch on the number, never on `msg`.
 */
export const Code = {
  OK: 0,
  /** The session token is unknown or expired: clients silently refresh once and replay. */
  SESSION_EXPIRED: 886,
  /** Every session of the account was ended (password change, operator action): go to login. */
  FORCED_LOGOUT: 887,
  /** Pushed when an order was paid. */
  PAYMENT_SUCCEEDED: 888,
  /** Pushed when an order failed. */
  PAYMENT_FAILED: 889,
  /** Wrong account or password at sign-in. */
  WRONG_CREDENTIALS: 2122,
  /** The account exists but may not sign in (suspended or terminated by the operator). */
  ACCOUNT_DISABLED: 2133,

  INVALID_INPUT: 1001,
  BAD_SIGNATURE: 1002,
  STALE_TIMESTAMP: 1003,
  REPLAYED_REQUEST: 1004,
  RATE_LIMITED: 1005,
  SERVER_ERROR: 1006,
  UNKNOWN_CALL: 1007,
  PERMISSION_DENIED: 1008,
  NOT_FOUND: 1009,
  PAYLOAD_TOO_LARGE: 1010,
  API_TOKEN_INVALID: 1011,
  /**
   * An Idempotency-Key already used by this account for another call or another payload: the
   * stored answer belongs to that one, so nothing was done (HTTP 422).
   */
  IDEMPOTENCY_KEY_REUSED: 1012,
  /** The first request with this Idempotency-Key is still being worked on: ask again shortly (HTTP 409). */
  IDEMPOTENCY_KEY_IN_FLIGHT: 1013,

  CAPTCHA_WRONG: 1100,
  CAPTCHA_EXPIRED: 1101,
  CODE_WRONG: 1102,
  CODE_EXPIRED: 1103,
  CODE_TOO_MANY_TRIES: 1104,
  CODE_SENT_TOO_RECENTLY: 1105,
  MOBILE_REGISTRATION_UNSUPPORTED: 1106,
  EMAIL_TAKEN: 1107,
  USERNAME_TAKEN: 1108,
  INVITATION_CODE_INVALID: 1109,
  AGREEMENT_REQUIRED: 1110,
  MAIL_NOT_SENT: 1111,
  REFRESH_INVALID: 1112,
  PASSWORD_UNCHANGED: 1113,
  /**
   * The password a signed-in person typed to confirm a sensitive action (the old one in a password
   * edit, the main account's before deleting a sub-account, before showing an API token) is not
   * theirs. Unlike 2122 it names no username and keeps the session.
   */
  WRONG_PASSWORD: 1114,
  /** Several wrong passwords for this sign-in: the next try brings a captcha (captchaId, captcha). */
  CAPTCHA_REQUIRED: 1115,

  PLAN_EXPIRED: 1200,
  SORT_VALUE_INVALID: 1201,
  PAYMENT_NOT_COMPLETED: 1202,
  QR_CODE_EXPIRED: 1203,
  MAIN_ACCOUNT_ONLY: 1204,
  /** The plan's number of profiles (main and sub-accounts together) is reached; data.limit says it. */
  PROFILE_LIMIT_REACHED: 1205,
  /** The plan's number of sub-accounts is reached; data.limit says it. */
  SUB_ACCOUNT_LIMIT_REACHED: 1206,
  /** The payment method is not configured on this server. */
  PAYMENT_METHOD_UNAVAILABLE: 1207,
  /** The order was already paid or failed: it takes no further payment. */
  ORDER_CLOSED: 1208,
  /** No SMS provider is configured on this server: phone numbers cannot be verified. */
  SMS_UNAVAILABLE: 1209,
  /**
   * The team's storage (plugins, synced profile state) would go past its plan's allowance; nothing
   * was stored. data: usedBytes, limitBytes, neededBytes.
   */
  STORAGE_FULL: 1210,

  /** A pasted proxy line is unusable; data.line names it (1-based). */
  PROXY_LINE_INVALID: 1300,
  /** No account by that username or e-mail; data.accounts lists the names not found. */
  ACCOUNT_UNKNOWN: 1301,
  /** A share or transfer named the acting account itself. */
  CANNOT_TARGET_SELF: 1302,
  GROUP_NAME_TAKEN: 1303,
  /** "Share with all sub-accounts" from an account that has none. */
  NO_SUB_ACCOUNTS: 1304,
  /** A profile shared with the acting account, but not with the permission this needs; data.needed names it. */
  SHARED_ACCESS_TOO_LOW: 1305,
  /** A tag of that name (whatever its letter case) exists in the account. */
  TAG_NAME_TAKEN: 1306,
  /** The account has as many tags as it may (data.limit). */
  TAG_LIMIT_REACHED: 1307,
  /** The account's saved proxy list is full (data.limit). */
  PROXY_LIMIT_REACHED: 1308,

  /* Plugin uploads (1400–1429): one code per inspector refusal, its detail as data. */
  /** More than 20 MB arrived; the rest was not read. */
  PLUGIN_PACKAGE_TOO_LARGE: 1400,
  /** The bytes are not a zip, whatever the name or Content-Type said; data.detected names what they are. */
  PLUGIN_PACKAGE_NOT_ZIP: 1401,
  /** A packed Chrome extension (.crx): spec §5 asks to rename it, unpack it and zip the folder's contents. */
  PLUGIN_PACKAGE_IS_CRX: 1402,
  PLUGIN_PACKAGE_CORRUPT: 1403,
  /** ZIP64, split archives or a compression other than deflate. */
  PLUGIN_PACKAGE_UNSUPPORTED: 1404,
  PLUGIN_PACKAGE_TOO_MANY_ENTRIES: 1405,
  PLUGIN_PACKAGE_TOO_BIG_UNCOMPRESSED: 1406,
  /** An entry compresses implausibly far: a zip bomb. */
  PLUGIN_PACKAGE_RATIO: 1407,
  PLUGIN_PACKAGE_SIZE_MISMATCH: 1408,
  /** An entry path that leaves the folder (`../`, absolute, drive letters) or is unsafe on some system; data.path names it. */
  PLUGIN_PACKAGE_BAD_PATH: 1409,
  PLUGIN_PACKAGE_DUPLICATE_ENTRY: 1410,
  PLUGIN_PACKAGE_LINK: 1411,
  PLUGIN_PACKAGE_SPECIAL_FILE: 1412,
  PLUGIN_PACKAGE_NESTED_ARCHIVE: 1413,
  PLUGIN_PACKAGE_ENCRYPTED: 1414,
  /** No manifest.json at the top; data.foundAt says where one was (the folder zipped instead of its contents). */
  PLUGIN_PACKAGE_NO_MANIFEST: 1415,
  /** data.reason says what is wrong with manifest.json. */
  PLUGIN_PACKAGE_BAD_MANIFEST: 1416,
  /** Manifest V2: current Chromium no longer loads it. */
  PLUGIN_PACKAGE_MV2: 1417,
  PLUGIN_ICON_TOO_LARGE: 1420,
  /** Not PNG or JPEG by its bytes, whatever the name or Content-Type said. */
  PLUGIN_ICON_NOT_IMAGE: 1421,
  PLUGIN_ICON_CORRUPT: 1422,
  /** The header declares more pixels than any icon needs; nothing was decoded. */
  PLUGIN_ICON_PIXEL_FLOOD: 1423,
  PLUGIN_ICON_TOO_SMALL: 1424,
  PLUGIN_ICON_NOT_SQUARE: 1425,

  /* Profiles across machines (1500–1519): the lease and the state sync. */
  /** Another computer holds the profile's lease; data: device, by, since, expiresAt. */
  PROFILE_OPEN_ELSEWHERE: 1500,
  /** This computer does not hold the profile's lease (it lapsed and another took it, or it was never taken); data.lease names the holder or is null. */
  LEASE_NOT_HELD: 1501,
  /** A commit names chunks the server does not hold; data.count says how many. */
  SYNC_CHUNKS_MISSING: 1502,
  /** The profile's state is larger than one profile may keep; data.limit in bytes. */
  SYNC_TOO_LARGE: 1503,
  /**
   * A commit's size cannot be what its chunks hold: each chunk reference carries at most a
   * chunk's bytes, and every one but a file's last a whole chunk. data: plainBytes, references, files.
   */
  SYNC_SIZE_MISMATCH: 1504,
  /** Pushed to a profile's owner: a computer refused a stored version, starts pass it over; data: syncVersionRefusedPushSchema. */
  SYNC_VERSION_REFUSED: 1505,
  /** A refusal names a version other than the one a start opens (the newest nobody refused): only that one can be refused. */
  SYNC_REFUSAL_NOT_OPENED: 1506,
  /**
   * The profile's sync key is sealed with a key version this server does not hold (keys rotated
   * on another instance, not yet loaded here): it is kept, not replaced, and the start refused.
   */
  SYNC_KEY_UNREADABLE: 1507,
  /**
   * The lease's holder may no longer run the profile (its share was revoked, the profile handed
   * over, the group taken away, or the team's plan ended): its browser closes, its last save is
   * still taken for the owner, and the lease is given back. Also pushed to the holder's consoles;
   * data: { ids }.
   */
  PROFILE_ACCESS_ENDED: 1508,
  /** Pushed to the consoles of a profile's owner and its holder: where the profile runs changed (a lease ended or was given back); data: { ids }. */
  PROFILE_LEASES_CHANGED: 1509,

  /* What a recipient of a shared profile gets (1620–1629). */
  /**
   * A run-only recipient opens a profile whose proxy has an account: the server relays that
   * proxy's traffic (its credentials never leave the server), and this server's relay is off.
   */
  PROXY_RELAY_OFF: 1620,

  /* Hosts and profiles opened remotely (1640–1659). */
  /** No host of the team (or of the profile owner's team) with this id. */
  HOST_NOT_FOUND: 1640,
  /** The host is not connected to the server now: nothing can start on it. */
  HOST_OFFLINE: 1641,
  /** A host's enrollment code is unknown, used or expired (HTTP 401 on /v2/host/join). */
  HOST_CODE_INVALID: 1642,
  /** No live remote run with this id among the profiles the account may run. */
  REMOTE_RUN_NOT_FOUND: 1643,
  /** A viewer's ticket is unknown, used, expired or for another session (the socket is refused). */
  REMOTE_TICKET_INVALID: 1644,
  /** Only the viewer that controls a run may hand control over. */
  REMOTE_NOT_CONTROLLER: 1645,
  /** Pushed to the accounts that may see a run: it started, failed, stopped, or its viewers or control changed; data: { runId }. */
  REMOTE_RUN_CHANGED: 1646,
  /** Pushed to a team: a host joined, was removed, connected or went away; data: { hostId }. */
  HOSTS_CHANGED: 1647,
} as const;

export type CodeName = keyof typeof Code;
export type CodeValue = (typeof Code)[CodeName];

/** Message key (in packages/i18n) for each code. */
export const codeMessageKey: Record<CodeValue, string> = {
  [Code.OK]: 'code.ok',
  [Code.SESSION_EXPIRED]: 'code.sessionExpired',
  [Code.FORCED_LOGOUT]: 'code.forcedLogout',
  [Code.PAYMENT_SUCCEEDED]: 'code.paymentSucceeded',
  [Code.PAYMENT_FAILED]: 'code.paymentFailed',
  [Code.WRONG_CREDENTIALS]: 'code.wrongCredentials',
  [Code.ACCOUNT_DISABLED]: 'code.accountDisabled',
  [Code.INVALID_INPUT]: 'code.invalidInput',
  [Code.BAD_SIGNATURE]: 'code.badSignature',
  [Code.STALE_TIMESTAMP]: 'code.staleTimestamp',
  [Code.REPLAYED_REQUEST]: 'code.replayedRequest',
  [Code.RATE_LIMITED]: 'code.rateLimited',
  [Code.SERVER_ERROR]: 'code.serverError',
  [Code.UNKNOWN_CALL]: 'code.unknownCall',
  [Code.PERMISSION_DENIED]: 'code.permissionDenied',
  [Code.NOT_FOUND]: 'code.notFound',
  [Code.PAYLOAD_TOO_LARGE]: 'code.payloadTooLarge',
  [Code.API_TOKEN_INVALID]: 'code.apiTokenInvalid',
  [Code.IDEMPOTENCY_KEY_REUSED]: 'code.idempotencyKeyReused',
  [Code.IDEMPOTENCY_KEY_IN_FLIGHT]: 'code.idempotencyKeyInFlight',
  [Code.CAPTCHA_WRONG]: 'code.captchaWrong',
  [Code.CAPTCHA_EXPIRED]: 'code.captchaExpired',
  [Code.CAPTCHA_REQUIRED]: 'code.captchaRequired',
  [Code.CODE_WRONG]: 'code.codeWrong',
  [Code.CODE_EXPIRED]: 'code.codeExpired',
  [Code.CODE_TOO_MANY_TRIES]: 'code.codeTooManyTries',
  [Code.CODE_SENT_TOO_RECENTLY]: 'code.codeSentTooRecently',
  [Code.MOBILE_REGISTRATION_UNSUPPORTED]: 'code.mobileRegistrationUnsupported',
  [Code.EMAIL_TAKEN]: 'code.emailTaken',
  [Code.USERNAME_TAKEN]: 'code.usernameTaken',
  [Code.INVITATION_CODE_INVALID]: 'code.invitationCodeInvalid',
  [Code.AGREEMENT_REQUIRED]: 'code.agreementRequired',
  [Code.MAIL_NOT_SENT]: 'code.mailNotSent',
  [Code.REFRESH_INVALID]: 'code.refreshInvalid',
  [Code.PASSWORD_UNCHANGED]: 'code.passwordUnchanged',
  [Code.WRONG_PASSWORD]: 'code.wrongPassword',
  [Code.PLAN_EXPIRED]: 'code.planExpired',
  [Code.SORT_VALUE_INVALID]: 'code.sortValueInvalid',
  [Code.PAYMENT_NOT_COMPLETED]: 'code.paymentNotCompleted',
  [Code.QR_CODE_EXPIRED]: 'code.qrCodeExpired',
  [Code.MAIN_ACCOUNT_ONLY]: 'code.mainAccountOnly',
  [Code.PROFILE_LIMIT_REACHED]: 'code.profileLimitReached',
  [Code.SUB_ACCOUNT_LIMIT_REACHED]: 'code.subAccountLimitReached',
  [Code.PAYMENT_METHOD_UNAVAILABLE]: 'code.paymentMethodUnavailable',
  [Code.ORDER_CLOSED]: 'code.orderClosed',
  [Code.SMS_UNAVAILABLE]: 'code.smsUnavailable',
  [Code.STORAGE_FULL]: 'code.storageFull',
  [Code.PROXY_LINE_INVALID]: 'code.proxyLineInvalid',
  [Code.ACCOUNT_UNKNOWN]: 'code.accountUnknown',
  [Code.CANNOT_TARGET_SELF]: 'code.cannotTargetSelf',
  [Code.GROUP_NAME_TAKEN]: 'code.groupNameTaken',
  [Code.NO_SUB_ACCOUNTS]: 'code.noSubAccounts',
  [Code.SHARED_ACCESS_TOO_LOW]: 'code.sharedAccessTooLow',
  [Code.PROFILE_OPEN_ELSEWHERE]: 'code.profileOpenElsewhere',
  [Code.LEASE_NOT_HELD]: 'code.leaseNotHeld',
  [Code.SYNC_CHUNKS_MISSING]: 'code.syncChunksMissing',
  [Code.SYNC_TOO_LARGE]: 'code.syncTooLarge',
  [Code.SYNC_SIZE_MISMATCH]: 'code.syncSizeMismatch',
  [Code.SYNC_VERSION_REFUSED]: 'code.syncVersionRefused',
  [Code.SYNC_REFUSAL_NOT_OPENED]: 'code.syncRefusalNotOpened',
  [Code.SYNC_KEY_UNREADABLE]: 'code.syncKeyUnreadable',
  [Code.PROFILE_ACCESS_ENDED]: 'code.profileAccessEnded',
  [Code.PROFILE_LEASES_CHANGED]: 'code.profileLeasesChanged',
  [Code.PROXY_RELAY_OFF]: 'code.proxyRelayOff',
  [Code.HOST_NOT_FOUND]: 'code.hostNotFound',
  [Code.HOST_OFFLINE]: 'code.hostOffline',
  [Code.HOST_CODE_INVALID]: 'code.hostCodeInvalid',
  [Code.REMOTE_RUN_NOT_FOUND]: 'code.remoteRunNotFound',
  [Code.REMOTE_TICKET_INVALID]: 'code.remoteTicketInvalid',
  [Code.REMOTE_NOT_CONTROLLER]: 'code.remoteNotController',
  [Code.REMOTE_RUN_CHANGED]: 'code.remoteRunChanged',
  [Code.HOSTS_CHANGED]: 'code.hostsChanged',
  [Code.TAG_NAME_TAKEN]: 'code.tagNameTaken',
  [Code.TAG_LIMIT_REACHED]: 'code.tagLimitReached',
  [Code.PROXY_LIMIT_REACHED]: 'code.proxyLimitReached',
  [Code.PLUGIN_PACKAGE_TOO_LARGE]: 'code.pluginPackageTooLarge',
  [Code.PLUGIN_PACKAGE_NOT_ZIP]: 'code.pluginPackageNotZip',
  [Code.PLUGIN_PACKAGE_IS_CRX]: 'code.pluginPackageIsCrx',
  [Code.PLUGIN_PACKAGE_CORRUPT]: 'code.pluginPackageCorrupt',
  [Code.PLUGIN_PACKAGE_UNSUPPORTED]: 'code.pluginPackageUnsupported',
  [Code.PLUGIN_PACKAGE_TOO_MANY_ENTRIES]: 'code.pluginPackageTooManyEntries',
  [Code.PLUGIN_PACKAGE_TOO_BIG_UNCOMPRESSED]: 'code.pluginPackageTooBigUncompressed',
  [Code.PLUGIN_PACKAGE_RATIO]: 'code.pluginPackageRatio',
  [Code.PLUGIN_PACKAGE_SIZE_MISMATCH]: 'code.pluginPackageSizeMismatch',
  [Code.PLUGIN_PACKAGE_BAD_PATH]: 'code.pluginPackageBadPath',
  [Code.PLUGIN_PACKAGE_DUPLICATE_ENTRY]: 'code.pluginPackageDuplicateEntry',
  [Code.PLUGIN_PACKAGE_LINK]: 'code.pluginPackageLink',
  [Code.PLUGIN_PACKAGE_SPECIAL_FILE]: 'code.pluginPackageSpecialFile',
  [Code.PLUGIN_PACKAGE_NESTED_ARCHIVE]: 'code.pluginPackageNestedArchive',
  [Code.PLUGIN_PACKAGE_ENCRYPTED]: 'code.pluginPackageEncrypted',
  [Code.PLUGIN_PACKAGE_NO_MANIFEST]: 'code.pluginPackageNoManifest',
  [Code.PLUGIN_PACKAGE_BAD_MANIFEST]: 'code.pluginPackageBadManifest',
  [Code.PLUGIN_PACKAGE_MV2]: 'code.pluginPackageMv2',
  [Code.PLUGIN_ICON_TOO_LARGE]: 'code.pluginIconTooLarge',
  [Code.PLUGIN_ICON_NOT_IMAGE]: 'code.pluginIconNotImage',
  [Code.PLUGIN_ICON_CORRUPT]: 'code.pluginIconCorrupt',
  [Code.PLUGIN_ICON_PIXEL_FLOOD]: 'code.pluginIconPixelFlood',
  [Code.PLUGIN_ICON_TOO_SMALL]: 'code.pluginIconTooSmall',
  [Code.PLUGIN_ICON_NOT_SQUARE]: 'code.pluginIconNotSquare',
};

const knownCodes = new Set<number>(Object.values(Code));

export function isKnownCode(code: number): code is CodeValue {
  return knownCodes.has(code);
}

/** Message key for any code, falling back to "unknown error" for codes this build does not know. */
export function messageKeyForCode(code: number): string {
  return isKnownCode(code) ? codeMessageKey[code] : 'error.unknown';
}

/**
 * Client-side messages of spec §8 that no server code carries (network state, clipboard,
 * local checks). Listed here so the console and the agent name them the same way.
 */
export const clientMessageKey = {
  networkError: 'error.network',
  networkOffline: 'error.offline',
  networkRestored: 'notice.online',
  operationFailed: 'error.operationFailed',
  unknown: 'error.unknown',
  connectionFailed: 'error.connectionFailed',
  clipboardEmpty: 'error.clipboardEmpty',
  noCookies: 'error.noCookies',
  copied: 'notice.copied',
  imageTooLarge: 'error.imageTooLarge',
  packageTooLarge: 'error.packageTooLarge',
  reloginNeeded: 'error.reloginNeeded',
} as const;
