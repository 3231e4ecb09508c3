import { limits } from './limits.ts';

/**
 * The validation rules of spec §5 as plain functions shared by the console (form rules) and the
 * server (schemas). Each returns `null` when the value is fine, else the i18n key of the message.
 */
export type Rule<T = string> = (value: T) => string | null;

/** Word characters, dashes or dots before @, then a domain with a suffix of at least 2 letters. */
export const EMAIL_PATTERN = /^[\w.-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}$/;
/** Mainland-China mobile numbers: 11 digits starting with 1. */
export const PHONE_PATTERN = /^1\d{10}$/;
/** Letters of any script, digits, underscore, dot and dash; never '@', so it can't pass for an e-mail. */
export const USERNAME_PATTERN = /^[\p{L}\p{N}_.-]+$/u;

const isBlank = (value: string | null | undefined) => value === undefined || value === null || value.trim() === '';

export const validateEmail: Rule = (value) => {
  if (isBlank(value)) return 'validation.email.required';
  if (value.length > limits.emailMaxLength || !EMAIL_PATTERN.test(value.trim())) return 'validation.email.format';
  return null;
};

/** The bind-e-mail dialog also limits input to 40 characters. */
export const validateBindEmail: Rule = (value) =>
  validateEmail(value) ?? (value.length > limits.bindEmailMaxLength ? 'validation.email.format' : null);

export const validatePhone: Rule = (value) => {
  if (isBlank(value)) return 'validation.phone.required';
  if (!PHONE_PATTERN.test(value.trim())) return 'validation.phone.format';
  return null;
};

export const validateUsername: Rule = (value) => {
  if (isBlank(value)) return 'validation.username.required';
  const length = [...value].length;
  if (length < limits.usernameMin || length > limits.usernameMax) return 'validation.username.length';
  if (!USERNAME_PATTERN.test(value)) return 'validation.username.characters';
  return null;
};

/** A new password (sign-up, reset, change): 8 to 64 characters. */
export const validateNewPassword: Rule = (value) => {
  if (value === undefined || value === null || value === '') return 'validation.password.required';
  const length = [...value].length;
  if (length < limits.passwordMin || length > limits.passwordMax) return 'validation.password.length';
  return null;
};

/** A password being presented (login, old password): only non-empty and not absurdly long. */
export const validatePresentedPassword: Rule = (value) => {
  if (value === undefined || value === null || value === '') return 'validation.password.required';
  if (value.length > 256) return 'validation.password.length';
  return null;
};

export function validatePasswordsMatch(password: string, confirmation: string): string | null {
  return password === confirmation ? null : 'validation.password.mismatch';
}

export const validateCaptcha: Rule = (value) => {
  if (isBlank(value)) return 'validation.captcha.required';
  if (value.trim().length !== limits.captchaLength) return 'validation.captcha.length';
  return null;
};

/** E-mail codes: required, at most 6 characters (we send 6 digits). */
export const validateEmailCode: Rule = (value) => {
  if (isBlank(value)) return 'validation.code.required';
  if (value.trim().length > limits.emailCodeMaxLength) return 'validation.code.length';
  return null;
};

/** Phone codes: required, exactly 4 characters. */
export const validatePhoneCode: Rule = (value) => {
  if (isBlank(value)) return 'validation.code.required';
  if (value.trim().length !== limits.phoneCodeLength) return 'validation.code.length';
  return null;
};

export const validateInvitationCode: Rule = (value) => {
  if (isBlank(value)) return null;
  return value.trim().length > limits.invitationCodeMax ? 'validation.invitation.length' : null;
};

export const validateFeedbackContent: Rule = (value) => {
  if (isBlank(value)) return 'validation.feedback.required';
  return value.length > limits.feedbackContentMax ? 'validation.feedback.tooLong' : null;
};

/** Optional feedback contact fields (mobile, wechat, skype): at most 30 characters each. */
export const validateFeedbackContact: Rule = (value) =>
  !isBlank(value) && value.length > limits.feedbackContactMax ? 'validation.feedback.contactTooLong' : null;

export const validateFeedbackScore: Rule<number> = (score) =>
  Number.isInteger(score) && score >= limits.feedbackScoreMin && score <= limits.feedbackScoreMax
    ? null
    : 'validation.feedback.score';

/** A positive integer of at least 1 (local settings: disk minimum, automation port). */
export const validatePositiveInteger: Rule<number | string> = (value) => {
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  return Number.isInteger(n) && n >= 1 ? null : 'validation.positiveInteger';
};

/** Plan counts: a positive integer, or -1 for unlimited. */
export const validateCount: Rule<number> = (value) =>
  value === limits.unlimited || (Number.isInteger(value) && value >= 1) ? null : 'validation.count';

/** At most 100 accounts per share or transfer, and at least one. */
export const validateShareTargets: Rule<readonly string[]> = (accounts) => {
  if (accounts.length === 0) return 'validation.share.empty';
  return accounts.length > limits.maxAccountsPerShare ? 'validation.share.tooMany' : null;
};

/** Group sort value: an integer from 0 to 9999. */
export const validateSortValue: Rule<number | string> = (value) => {
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  return Number.isInteger(n) && n >= 0 && n <= 9999 ? null : 'validation.sortValue';
};

export interface ImageFacts {
  bytes: number;
  width: number;
  height: number;
  mime: string;
}

/** Plugin icon: at most 1 MB, at least 60×60, square, jpg/jpeg/png. */
export const validatePluginIcon: Rule<ImageFacts> = (image) => {
  if (!['image/png', 'image/jpeg'].includes(image.mime)) return 'validation.pluginIcon.type';
  if (image.bytes > limits.pluginIconMaxBytes) return 'error.imageTooLarge';
  if (image.width < limits.pluginIconMinPx || image.height < limits.pluginIconMinPx) return 'validation.pluginIcon.small';
  if (image.width !== image.height) return 'validation.pluginIcon.ratio';
  return null;
};

/** Plugin package: a zip of at most 20 MB. */
export const validatePluginPackage: Rule<{ name: string; bytes: number }> = (file) => {
  if (!/\.zip$/i.test(file.name)) return 'validation.pluginPackage.type';
  return file.bytes > limits.pluginPackageMaxBytes ? 'error.packageTooLarge' : null;
};

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const IPV6 = /^[0-9a-f]{0,4}(:[0-9a-f]{0,4}){2,7}$/i;
const isPort = (text: string) => /^\d{1,5}$/.test(text) && Number(text) >= 1 && Number(text) <= 65535;

/** A DNS server as a profile names it: an IP address, with a port where it is not 53 ("127.0.0.1:5353", "[::1]:53"). */
export function isDnsServer(value: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(value);
  if (bracketed) return IPV6.test(bracketed[1]!) && (bracketed[2] === undefined || isPort(bracketed[2]));
  if (IPV6.test(value)) return true;
  const [address, port, ...rest] = value.split(':');
  return rest.length === 0 && IPV4.test(address!) && (port === undefined || isPort(port));
}

/** WHATWG URL, in browsers and Node alike (this package's type libraries name neither). */
const WebUrl = (globalThis as unknown as { URL: new (input: string) => { hostname: string } }).URL;

/** An IPv6 address, bare ("2001:db8::1") or bracketed ("[::1]"), as the URL parser reads one. */
function isIpv6(value: string): boolean {
  const bare = /^\[(.*)\]$/.exec(value)?.[1] ?? value;
  if (!/^[0-9a-f:.]+$/i.test(bare) || !bare.includes(':')) return false;
  try {
    return new WebUrl(`http://[${bare}]/`).hostname.length > 2;
  } catch {
    // TypeError: not an address the URL parser takes, which is the answer.
    return false;
  }
}

/**
 * A DNS label: letters (any script: the proxy's client turns them into punycode), digits,
 * dashes inside; `_` too, which resolvers take and some proxy providers' names carry.
 */
const HOST_LABEL = '[\\p{L}\\p{N}_](?:[\\p{L}\\p{N}_-]{0,61}[\\p{L}\\p{N}_])?';
const HOST_NAME = new RegExp(`^(?=.{1,253}$)${HOST_LABEL}(?:\\.${HOST_LABEL})*\\.?$`, 'u');

/**
 * A proxy host: a host name or an IP address, nothing else: no scheme, port, user, path or
 * space ("a b", "http://x", "x:80" are refused). Digits and dots alone must be an IPv4 address.
 */
export function isHostOrAddress(value: string): boolean {
  if (/^[\d.]+$/.test(value)) return IPV4.test(value);
  return isIpv6(value) || HOST_NAME.test(value);
}

export const validateProxyHost: Rule = (value) => (isHostOrAddress(value.trim()) ? null : 'validation.proxyHost');

/** Port whitelist: comma-separated TCP ports (1–65535); blank means "block all". */
export function parsePortWhitelist(value: string): { ports: number[]; error: string | null } {
  if (isBlank(value)) return { ports: [], error: null };
  const ports: number[] = [];
  for (const part of value.split(',')) {
    const text = part.trim();
    const port = Number(text);
    if (!/^\d+$/.test(text) || port < 1 || port > 65535) return { ports: [], error: 'validation.portWhitelist' };
    if (!ports.includes(port)) ports.push(port);
  }
  return { ports, error: null };
}

export interface PastedProxy {
  host: string;
  port: number;
  user?: string;
  password?: string;
  scheme?: 'http' | 'https' | 'socks5';
}

/**
 * Proxy paste: `host:port`, `host:port:user:password` (spec §5) or
 * `scheme://user:password@host:port`. Returns the key of the problem when the line is unusable.
 */
export function parseProxyLine(line: string): { proxy: PastedProxy | null; error: string | null } {
  const text = line.trim();
  if (text === '') return { proxy: null, error: 'validation.proxy.empty' };
  const url = /^(https?|socks5):\/\/(?:([^:@/]*)(?::([^@/]*))?@)?([^:/@]+):(\d+)\/?$/i.exec(text);
  if (url) {
    const port = Number(url[5]);
    if (port < 1 || port > 65535) return { proxy: null, error: 'validation.proxy.port' };
    if (!isHostOrAddress(url[4]!)) return { proxy: null, error: 'validation.proxyHost' };
    return {
      proxy: {
        scheme: url[1]!.toLowerCase() as PastedProxy['scheme'],
        host: url[4]!,
        port,
        ...(url[2] ? { user: decodeURIComponent(url[2]) } : {}),
        ...(url[3] ? { password: decodeURIComponent(url[3]) } : {}),
      },
      error: null,
    };
  }
  const parts = text.split(':');
  if (parts.length !== 2 && parts.length !== 4) return { proxy: null, error: 'validation.proxy.format' };
  const [host, portText, user, password] = parts as [string, string, string?, string?];
  const port = Number(portText);
  if (host === '' || !/^\d+$/.test(portText) || port < 1 || port > 65535) return { proxy: null, error: 'validation.proxy.port' };
  if (!isHostOrAddress(host)) return { proxy: null, error: 'validation.proxyHost' };
  return { proxy: { host, port, ...(user ? { user } : {}), ...(password ? { password } : {}) }, error: null };
}
