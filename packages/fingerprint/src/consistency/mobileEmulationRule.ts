import { deviceOf } from './device.ts';
import { contradiction, side, type Rule } from './types.ts';

/**
 * Mobile emulation (a phone's viewport, touch events, the mobile flag) on a desktop system. The
 * other way round is no contradiction: a phone profile without it still says it is a phone.
 */
export const mobileEmulationOs: Rule = ({ os, mobileEmulation }) => {
  if (!os || !mobileEmulation || deviceOf(os) !== 'desktop') return null;
  return contradiction('mobileEmulationOs', side('mobileEmulation', true), side('os', os));
};
