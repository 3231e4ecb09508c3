import type { OperatingSystem } from '@facet/contracts';

/** What a user agent says about the system; "chromeos" is one Facet cannot be. */
export type UserAgentOs = OperatingSystem | 'chromeos';

/** The operating system a user agent names, or null when it names none we know. */
export function osOfUserAgent(userAgent: string): UserAgentOs | null {
  // Order matters: iOS agents say "like Mac OS X", Android ones say "Linux".
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return 'ios';
  if (/\bAndroid\b/.test(userAgent)) return 'android';
  if (/\bWindows\b|\bWin(32|64)\b/.test(userAgent)) return 'windows';
  if (/\bMacintosh\b|\bMac OS X\b/.test(userAgent)) return 'macos';
  if (/\bCrOS\b/.test(userAgent)) return 'chromeos';
  if (/\bLinux\b|\bX11\b/.test(userAgent)) return 'linux';
  return null;
}

/** The Chromium major a Chrome-family user agent names (Chrome/…, CriOS/…, HeadlessChrome/…). */
export function chromiumMajorOf(userAgent: string): number | null {
  const match = /(?:Chrome|CriOS)\/(\d+)/.exec(userAgent);
  return match ? Number(match[1]) : null;
}

// Chromium-based browsers that name themselves, and so send their own brand in client hints,
// and Android's WebView ("; wv)"), which says "Android WebView".
const OTHER_CHROMIUM_BRANDS = /\b(Edg|EdgA|OPR|YaBrowser|SamsungBrowser|UCBrowser|Vivaldi|Electron|QQBrowser|MiuiBrowser|HuaweiBrowser|Silk)\/|; wv\)/;

/**
 * Whether a real browser with this user agent sends the client hints the launch sends (brands
 * "Chromium" and "Google Chrome", sec-ch-ua-*). Only Google Chrome outside iOS does: Firefox and
 * Safari send none, Chrome on iOS (CriOS) is WebKit and sends none, Edge or Opera name
 * themselves.
 */
export function sendsChromeClientHints(userAgent: string): boolean {
  if (!/\bChrome\/\d+/.test(userAgent)) return false;
  if (osOfUserAgent(userAgent) === 'ios') return false;
  return !OTHER_CHROMIUM_BRANDS.test(userAgent);
}

/** A phone's user agent ("Mobile", iPhone, iPod); tablets' agents leave "Mobile" out. */
export function isPhoneUserAgent(userAgent: string): boolean {
  return /\b(Mobile|iPhone|iPod)\b/.test(userAgent);
}
