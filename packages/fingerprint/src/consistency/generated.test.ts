import { DEFAULT_KERNEL_VERSION, operatingSystems, profileSettingsSchema, type OperatingSystem } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { drawIdentity, generateIdentity } from '../generate.ts';
import { checkConsistency } from './index.ts';

/** Per operating system; Windows records take ~7 ms each to draw, so this is most of the package's test time. */
const PER_SYSTEM = 500;

/**
 * Share of the data's raw records the check may refuse, measured when the rules were written
 * (3,000 records each) plus a margin of over three standard deviations at this sample size: windows 0.3 %, macos 0.7 %, linux 7.6 % (Android
 * phones in desktop mode: Adreno, phone screens), android 0.6 %, ios 33 % (DevTools emulation on
 * Linux). A rule that grows too strict refuses real records and trips this.
 */
const rawRefusalLimit: Record<OperatingSystem, number> = { windows: 0.02, macos: 0.03, linux: 0.12, android: 0.03, ios: 0.42 };

/** The profile exactly as a create or a batch create stores it: schema defaults, then the identity. */
function profileOf(os: OperatingSystem, identity: ReturnType<typeof generateIdentity>) {
  const { fingerprint } = profileSettingsSchema.parse({ name: 'x', groupId: '0', os, userAgent: identity.userAgent, resolution: identity.resolution, kernelVersion: identity.kernelVersion });
  return { os, userAgent: identity.userAgent, resolution: identity.resolution, kernelVersion: identity.kernelVersion, language: '', timezone: '', fingerprint: { ...fingerprint, ...identity.fingerprint } };
}

describe('generated fingerprints', () => {
  for (const os of operatingSystems) {
    it(`raise no false alarm: ${PER_SYSTEM} ${os} profiles, no contradiction in any`, { timeout: 60_000 }, () => {
      const alarms = [];
      for (let i = 0; i < PER_SYSTEM; i++) {
        const profile = profileOf(os, generateIdentity(os, DEFAULT_KERNEL_VERSION));
        const found = checkConsistency(profile);
        if (found.length > 0) alarms.push({ found, profile });
      }
      expect(alarms.slice(0, 3)).toEqual([]);
    });

    it(`come from data the check mostly accepts: ${os}`, { timeout: 60_000 }, () => {
      let refused = 0;
      for (let i = 0; i < PER_SYSTEM; i++) if (checkConsistency(profileOf(os, drawIdentity(os, DEFAULT_KERNEL_VERSION))).length > 0) refused++;
      expect(refused / PER_SYSTEM).toBeLessThanOrEqual(rawRefusalLimit[os]);
    });
  }

  it('turn client hints off where the agent is Chrome on iOS, and leave the choice alone elsewhere', () => {
    expect(generateIdentity('ios', DEFAULT_KERNEL_VERSION).fingerprint.secChUa).toBe('off');
    expect(generateIdentity('windows', DEFAULT_KERNEL_VERSION).fingerprint).not.toHaveProperty('secChUa');
  });
});
