import { deviceOf } from './device.ts';
import { contradiction, side, type Rule } from './types.ts';

/** More cores than any phone or tablet has (they top out at 8–12); above this it is a PC or an emulator. */
const MOBILE_MAX_CORES = 16;
/** navigator.deviceMemory under 1 GiB: phones have it, no desktop that runs today's Chrome does. */
const DESKTOP_MIN_MEMORY = 1;

/** No touch points on a phone or tablet: every one has a touchscreen. */
export const touchMissingOnMobile: Rule = ({ os, maxTouchPoints }) => {
  if (!os || deviceOf(os) !== 'mobile' || maxTouchPoints !== 0) return null;
  return contradiction('touchMissingOnMobile', side('maxTouchPoints', maxTouchPoints), side('os', os));
};

/** Touch points on macOS: no Mac has a touchscreen, and a "Mac" with touch is how an iPad shows. */
export const touchOnMac: Rule = ({ os, maxTouchPoints }) => {
  if (os !== 'macos' || maxTouchPoints === null || maxTouchPoints === 0) return null;
  return contradiction('touchOnMac', side('maxTouchPoints', maxTouchPoints), side('os', os));
};

/** A phone or tablet with desktop-workstation core counts (64 cores on Android). */
export const coresForDevice: Rule = ({ os, hardwareConcurrency }) => {
  if (!os || deviceOf(os) !== 'mobile' || hardwareConcurrency === null || hardwareConcurrency <= MOBILE_MAX_CORES) return null;
  return contradiction('coresForDevice', side('hardwareConcurrency', hardwareConcurrency), side('os', os));
};

/** A desktop with less than 1 GiB of memory. */
export const memoryForDevice: Rule = ({ os, deviceMemory }) => {
  if (!os || deviceOf(os) !== 'desktop' || deviceMemory === null || deviceMemory >= DESKTOP_MIN_MEMORY) return null;
  return contradiction('memoryForDevice', side('deviceMemory', deviceMemory), side('os', os));
};
