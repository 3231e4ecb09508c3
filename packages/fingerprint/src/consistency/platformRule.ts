import type { OperatingSystem } from '@facet/contracts';
import { contradiction, side, type Rule } from './types.ts';

// What navigator.platform says on each system. Linux and Android share the "Linux <arch>" family
// (Android phones say "Linux armv8l", "Linux aarch64", and in the wild "Linux armv81").
const linuxFamily = /^Linux( \S+)?$/;
const platforms: Record<OperatingSystem, RegExp> = {
  windows: /^Win(32|64)$/,
  macos: /^MacIntel$/,
  linux: linuxFamily,
  android: linuxFamily,
  ios: /^(iPhone|iPad|iPod)$/,
};

/** navigator.platform of another system (Win32 on a macOS profile). Empty: the launch picks one. */
export const platformOs: Rule = ({ os, platform }) => {
  if (!os || !platform || platforms[os].test(platform)) return null;
  return contradiction('platformOs', side('platform', platform), side('os', os));
};
