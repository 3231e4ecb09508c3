import { randomInt } from 'node:crypto';
import type { ProfileSettings } from '@facet/contracts';

/**
 * A profile's canvas, audio and WebGL noise come from its seed, so two profiles with one seed draw
 * alike and a site can tie them together. A seed of 0 is the contract's default: what a script
 * sends when it writes a fingerprint by hand without one. A new profile gets a seed of its own
 * then; an edit that sends 0 keeps the one it had (an edit form or script that never read it
 * must not change how the profile draws).
 */
export function withOwnSeed(settings: ProfileSettings, stored: number | null = null): ProfileSettings {
  if (settings.fingerprint.noiseSeed !== 0) return settings;
  const noiseSeed = stored !== null && stored !== 0 ? stored : randomInt(1, 2 ** 31);
  return { ...settings, fingerprint: { ...settings.fingerprint, noiseSeed } };
}
