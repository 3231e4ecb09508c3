import { fingerprintOptionsSchema, profileSettingsSchema } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { generateIdentity, rewriteBrowserMajor } from './generate.ts';

describe('generateIdentity', () => {
  it('gives each call its own fingerprint on the requested engine major', () => {
    const a = generateIdentity('windows', '156');
    const b = generateIdentity('windows', '156');
    expect(a.userAgent).toMatch(/Windows NT .* Chrome\/156\.0\.0\.0 /);
    expect(a.fingerprint.noiseSeed).not.toBe(b.fingerprint.noiseSeed);
    expect(a.resolution).toMatch(/^\d{3,5}x\d{3,5}$/);
  });

  it('matches the operating system in user agent and platform', () => {
    expect(generateIdentity('macos', '156').userAgent).toContain('Macintosh');
    expect(generateIdentity('linux', '156').fingerprint.navigator.platform).toMatch(/Linux/);
    // Android phones say "Mobile"; the generator also draws real Android tablets, which do not.
    for (let i = 0; i < 20; i++) expect(generateIdentity('android', '156').userAgent).toMatch(/Android .* Chrome\/156\.0\.0\.0 (Mobile )?Safari/);
  });

  it('never names a GPU of a server or a virtual machine (the data has them: about 4 % of Windows and 6 % of Linux records)', () => {
    for (const os of ['windows', 'linux'] as const) {
      for (let i = 0; i < 300; i++) {
        const { vendor, renderer } = generateIdentity(os, '156').fingerprint.webglMetadata;
        expect(`${vendor} ${renderer}`, os).not.toMatch(/SwiftShader|llvmpipe|Basic Render|VMware|VirtualBox/i);
      }
    }
  });

  it('produces values the profile schema accepts', () => {
    for (const os of ['windows', 'macos', 'linux', 'android', 'ios'] as const) {
      const identity = generateIdentity(os, '156');
      const fingerprint = fingerprintOptionsSchema.parse({ ...identity.fingerprint });
      const parsed = profileSettingsSchema.safeParse({
        name: 'x',
        groupId: '0',
        os,
        userAgent: identity.userAgent,
        resolution: identity.resolution,
        kernelVersion: identity.kernelVersion,
        fingerprint,
      });
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }
  });
});

describe('rewriteBrowserMajor', () => {
  it('rewrites Chrome and CriOS versions and leaves the rest', () => {
    expect(rewriteBrowserMajor('Mozilla/5.0 (X11) AppleWebKit/537.36 Chrome/147.0.7559.95 Safari/537.36', '156')).toBe(
      'Mozilla/5.0 (X11) AppleWebKit/537.36 Chrome/156.0.0.0 Safari/537.36',
    );
    expect(rewriteBrowserMajor('CriOS/144.0.7559.95 Mobile/15E148', '156')).toBe('CriOS/156.0.0.0 Mobile/15E148');
  });
});
