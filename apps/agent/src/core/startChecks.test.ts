import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BYTES_PER_GB, freeBytes } from '../storage/diskSpace.ts';
import { profileSchema } from '@facet/contracts';
import { alignToKernel, ensureDiskSpace } from './startChecks.ts';
import { StartFailure, startFailureReason } from '../startFailure.ts';

const profileBase = {
  id: 'p1', serial: 1, groupName: '', createdAt: 0, lastUsedAt: null, owner: { id: 'u1', name: 'owner' }, members: [], sharer: null, permission: null,
  name: 'Kernel', groupId: '0', os: 'windows', resolution: '1920x1080', language: '', timezone: '', startPage: '', proxy: { type: 'none' },
};

describe('checks before a profile starts', () => {
  it('measures free space, also for a profile folder not made yet', async () => {
    const free = await freeBytes(os.tmpdir());
    expect(free).toBeGreaterThan(0);
    expect(Math.abs((await freeBytes(path.join(os.tmpdir(), 'not', 'made', 'yet'))) - free)).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses to start below the disk minimum, with its own reason', async () => {
    const freeGb = (await freeBytes(os.tmpdir())) / BYTES_PER_GB;
    await expect(ensureDiskSpace(os.tmpdir(), Math.floor(freeGb) + 10)).rejects.toBeInstanceOf(StartFailure);
    const error = await ensureDiskSpace(os.tmpdir(), Math.floor(freeGb) + 10).catch((e: unknown) => e);
    expect(startFailureReason(error)).toBe('diskSpaceLow');
    await expect(ensureDiskSpace(os.tmpdir(), 1)).resolves.toBeUndefined();
  });

  it('runs a profile on the installed kernel of its major, or on the default one with its user agent brought along', () => {
    const kernels = [
      { path: '/usr/lib/chromium/chromium', product: 'Chromium' as const, version: '156.0.8078.79', major: 156 },
      { path: '/opt/google/chrome/chrome', product: 'Google Chrome' as const, version: '150.0.7000.1', major: 150 },
    ];
    const profile = profileSchema.parse({ ...profileBase, kernelVersion: '150', userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36' });
    const same = alignToKernel(kernels, profile);
    expect(same.kernel.path).toBe('/opt/google/chrome/chrome');
    expect(same.changes).toEqual({});
    const older = alignToKernel(kernels, { ...profile, kernelVersion: '120', userAgent: profile.userAgent.replace('Chrome/150', 'Chrome/120') });
    expect(older.kernel.path).toBe('/usr/lib/chromium/chromium');
    expect(older.changes.kernelVersion).toBe('156');
    expect(older.changes.userAgent).toContain('Chrome/156.0.0.0 ');
    expect(() => alignToKernel([], profile)).toThrow(/no Chromium/);
  });
});
