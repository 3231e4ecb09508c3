import { deviceOf, parseResolution } from './device.ts';
import { isPhoneUserAgent } from './userAgent.ts';
import { contradiction, side, type Identity, type Rule } from './types.ts';

/** Below this shorter side (CSS pixels) a screen is a phone's: desktops start at 800x600-ish. */
const PHONE_SHORT_SIDE_BELOW = 500;
/** Above these a phone's screen is a monitor's: phones measure about 320–510 by 640–1140. */
const PHONE_MAX = { short: 900, long: 1200 };
/** Above these a tablet's screen is a monitor's: the largest tablets measure about 1030x1380. */
const TABLET_MAX = { short: 1200, long: 1600 };

function screenOf({ os, resolution }: Identity) {
  const size = os ? parseResolution(resolution) : null;
  if (!os || !size) return null;
  return { os, short: Math.min(size.width, size.height), long: Math.max(size.width, size.height), portrait: size.height > size.width };
}

/** A phone-sized screen on a desktop system. */
export const screenPhoneOnDesktop: Rule = (identity) => {
  const screen = screenOf(identity);
  if (!screen || deviceOf(screen.os) !== 'desktop' || screen.short >= PHONE_SHORT_SIDE_BELOW) return null;
  return contradiction('screenPhoneOnDesktop', side('resolution', identity.resolution), side('os', screen.os));
};

/**
 * A portrait screen on a desktop system. Rotated monitors exist but are rare enough that a
 * portrait desktop reads as a phone or an emulator.
 */
export const screenPortraitOnDesktop: Rule = (identity) => {
  const screen = screenOf(identity);
  if (!screen || deviceOf(screen.os) !== 'desktop' || !screen.portrait || screen.short < PHONE_SHORT_SIDE_BELOW) return null;
  return contradiction('screenPortraitOnDesktop', side('resolution', identity.resolution), side('os', screen.os));
};

/** A monitor-sized screen on a phone or tablet (a phone's agent gets the tighter limit). */
export const screenDesktopOnMobile: Rule = (identity) => {
  const screen = screenOf(identity);
  if (!screen || deviceOf(screen.os) !== 'mobile') return null;
  const phone = identity.userAgent ? isPhoneUserAgent(identity.userAgent) : false;
  const max = phone ? PHONE_MAX : TABLET_MAX;
  if (screen.short <= max.short && screen.long <= max.long) return null;
  return contradiction('screenDesktopOnMobile', side('resolution', identity.resolution), side('os', screen.os));
};
