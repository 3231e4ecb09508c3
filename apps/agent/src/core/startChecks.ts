import type { Kernel, Profile } from '@facet/contracts';
import { rewriteBrowserMajor } from '@facet/fingerprint';
import { kernelFor } from '../browser/machine/kernels.ts';
import { BYTES_PER_GB, freeBytes } from '../storage/diskSpace.ts';
import { StartFailure } from '../startFailure.ts';

/**
 * The local settings' disk minimum (spec §3 diskMinLimit): a profile does not start while the
 * disk holding the profile directory has less free space than that, rather than filling it up
 * halfway through a session and corrupting the profile's databases.
 */
export async function ensureDiskSpace(profilesDir: string, minimumGb: number): Promise<void> {
  const free = await freeBytes(profilesDir);
  if (free < minimumGb * BYTES_PER_GB) {
    throw new StartFailure('diskSpaceLow', `${(free / BYTES_PER_GB).toFixed(1)} GB free under ${profilesDir}, the local settings ask for ${minimumGb} GB`);
  }
}

/**
 * The installed kernel for a profile, and what changes in the profile to run there: on another
 * major than it names, its user agent and kernel version follow the engine (the stored profile is
 * left as it is, so it moves on again with the next update); on its own major, nothing.
 */
export function alignToKernel(kernels: readonly Kernel[], profile: Profile): { kernel: Kernel; changes: Partial<Pick<Profile, 'kernelVersion' | 'userAgent'>> } {
  const kernel = kernelFor(kernels, profile.kernelVersion);
  if (!kernel) throw new StartFailure('chromiumFailed', 'no Chromium answered --version: install chromium or set CHROME_PATH');
  if (String(kernel.major) === profile.kernelVersion.trim()) return { kernel, changes: {} };
  const major = String(kernel.major);
  return { kernel, changes: { kernelVersion: major, userAgent: rewriteBrowserMajor(profile.userAgent, major) } };
}
