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
  /** Wrong account or password (also a wrong old password in a password edit). */
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

  PLAN_EXPIRED: 1200,
  SORT_VALUE_INVALID: 1201,
  PAYMENT_NOT_COMPLETED: 1202,
  QR_CODE_EXPIRED: 1203,
  MAIN_ACCOUNT_ONLY: 1204,

  /** A pasted proxy line is unusable; data.line names it (1-based). */
  PROXY_LINE_INVALID: 1300,
  /** No account by that username or e-mail; data.accounts lists the names not found. */
  ACCOUNT_UNKNOWN: 1301,
  /** A share or transfer named the acting account itself. */
  CANNOT_TARGET_SELF: 1302,
  GROUP_NAME_TAKEN: 1303,
  /** "Share with all sub-accounts" from an account that has none. */
  NO_SUB_ACCOUNTS: 1304,
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
  [Code.CAPTCHA_WRONG]: 'code.captchaWrong',
  [Code.CAPTCHA_EXPIRED]: 'code.captchaExpired',
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
  [Code.PLAN_EXPIRED]: 'code.planExpired',
  [Code.SORT_VALUE_INVALID]: 'code.sortValueInvalid',
  [Code.PAYMENT_NOT_COMPLETED]: 'code.paymentNotCompleted',
  [Code.QR_CODE_EXPIRED]: 'code.qrCodeExpired',
  [Code.MAIN_ACCOUNT_ONLY]: 'code.mainAccountOnly',
  [Code.PROXY_LINE_INVALID]: 'code.proxyLineInvalid',
  [Code.ACCOUNT_UNKNOWN]: 'code.accountUnknown',
  [Code.CANNOT_TARGET_SELF]: 'code.cannotTargetSelf',
  [Code.GROUP_NAME_TAKEN]: 'code.groupNameTaken',
  [Code.NO_SUB_ACCOUNTS]: 'code.noSubAccounts',
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
