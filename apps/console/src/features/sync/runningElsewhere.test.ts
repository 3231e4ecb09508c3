import type { ProfileLease } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { OPEN_SOMEWHERE_REFETCH_MS, runningElsewhere, whileOpenSomewhere } from './runningElsewhere.ts';

const lease: ProfileLease = { device: 'studio-mac', by: 'alice', since: 1_700_000_000_000, expiresAt: 1_700_000_300_000, deviceId: 'd1' };

describe('where a profile runs, seen from this console', () => {
  it('names the other machine when the profile is not open here', () => {
    expect(runningElsewhere({ runningOn: lease }, false)).toBe(lease);
  });

  it('says nothing when it runs (or is saving) here, or nowhere', () => {
    expect(runningElsewhere({ runningOn: lease }, true)).toBeNull();
    expect(runningElsewhere({ runningOn: null }, false)).toBeNull();
  });
});

describe('keeping "running on …" current', () => {
  it('asks the list again only while a row is open somewhere', () => {
    expect(whileOpenSomewhere({ list: [{ runningOn: null }, { runningOn: lease }] })).toBe(OPEN_SOMEWHERE_REFETCH_MS);
    expect(whileOpenSomewhere({ list: [{ runningOn: null }] })).toBe(false);
    expect(whileOpenSomewhere(undefined)).toBe(false);
  });
});
