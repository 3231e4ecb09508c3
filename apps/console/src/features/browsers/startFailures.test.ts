import type { BridgePush } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { afterPush, noteOfCallError, type StartFailureMap } from './startFailures.ts';

const none: StartFailureMap = new Map();
const failed = (profileId: string, reason: string, elsewhere?: object): BridgePush => ({ push: 'starterror', parameter: { profileId, reason, ...(elsewhere ? { elsewhere } : {}) } });
const state = (profileId: string, value: 'launching' | 'running' | 'stopped'): BridgePush => ({ push: value === 'stopped' ? 'stop' : 'start', parameter: { profileId, state: value } });

describe('failed starts kept per profile', () => {
  it('notes the reason a starterror push names, and where for a profile open elsewhere', () => {
    const after = afterPush(afterPush(none, failed('a', 'refused')), failed('b', 'openElsewhere', { device: 'studio-mac', by: 'alice', since: 1 }));
    expect(after.get('a')).toEqual({ reason: 'refused' });
    expect(after.get('b')).toEqual({ reason: 'openElsewhere', elsewhere: { device: 'studio-mac', by: 'alice' } });
  });

  it('keeps the failure while the profile launches again, replaces it with a newer one, and clears it once it runs', () => {
    let failures = afterPush(none, failed('a', 'refused'));
    failures = afterPush(failures, state('a', 'launching'));
    expect(failures.get('a')).toEqual({ reason: 'refused' });
    failures = afterPush(failures, failed('a', 'timeout'));
    expect(failures.get('a')).toEqual({ reason: 'timeout' });
    failures = afterPush(failures, state('a', 'running'));
    expect(failures.has('a')).toBe(false);
  });

  it('leaves the very same map for pushes that change nothing (no redraw)', () => {
    const failures = afterPush(none, failed('a', 'refused'));
    expect(afterPush(failures, state('b', 'running'))).toBe(failures);
    expect(afterPush(failures, state('a', 'stopped'))).toBe(failures);
    expect(afterPush(failures, { push: 'syncprogress', parameter: {} })).toBe(failures);
    expect(afterPush(failures, { push: 'starterror', parameter: { profileId: 'a', reason: 'no such reason' } })).toBe(failures);
  });

  it('a failed call no push explained keeps the agent\'s words, or the general reason', () => {
    expect(noteOfCallError('The agent is gone.')).toEqual({ reason: 'failed', message: 'The agent is gone.' });
    expect(noteOfCallError(null)).toEqual({ reason: 'failed' });
  });
});
