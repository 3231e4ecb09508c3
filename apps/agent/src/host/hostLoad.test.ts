import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { hostLoadSchema } from '@facet/contracts';
import { HostLoadSampler } from './hostLoad.ts';

describe('the host\'s load', () => {
  it('counts this machine\'s cores and memory, a busy share over the last interval, and what it runs', async () => {
    const sampler = new HostLoadSampler();
    // Some work between two samples, so the share is of a real interval.
    const until = Date.now() + 200;
    while (Date.now() < until) Math.sqrt(Math.random());
    const load = sampler.sample({ profiles: 2, streams: 3 });
    expect(hostLoadSchema.parse(load)).toEqual(load);
    expect(load.cores).toBe(os.cpus().length);
    expect(load.cpuPercent).toBeGreaterThan(0);
    expect(load.cpuPercent).toBeLessThanOrEqual(100);
    expect(load.memoryTotalMb).toBe(Math.round(os.totalmem() / 1024 / 1024));
    expect(load.memoryUsedMb).toBeGreaterThan(0);
    expect(load.memoryUsedMb).toBeLessThan(load.memoryTotalMb);
    expect({ profiles: load.profiles, streams: load.streams }).toEqual({ profiles: 2, streams: 3 });
  });
});
