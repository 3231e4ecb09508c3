import { SYNCHRONIZER_MAX_FOLLOWERS, type RunningBrowser } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { castOf, followersOf, startReadiness } from './synchronizerCast.ts';

function browser(profileId: string, state: RunningBrowser['state'] = 'running', headless = false): [string, RunningBrowser] {
  return [profileId, { profileId, state, number: 1, headless, skippedCookies: [] }];
}

describe('castOf', () => {
  it('sorts the selection by what runs on this computer', () => {
    const running = new Map([browser('a'), browser('b', 'running', true), browser('c', 'launching')]);
    expect(castOf(['a', 'b', 'c', 'd'], running)).toEqual({ windows: ['a'], headless: ['b'], launching: ['c'], notRunning: ['d'] });
  });

  it('counts a profile selected twice once', () => {
    expect(castOf(['a', 'a'], new Map([browser('a')])).windows).toEqual(['a']);
  });
});

describe('followersOf', () => {
  it('is every running profile but the leader, headless ones included', () => {
    const cast = castOf(['a', 'b', 'c', 'd'], new Map([browser('a'), browser('b'), browser('c', 'running', true)]));
    expect(followersOf(cast, 'b')).toEqual(['a', 'c']);
  });
});

describe('startReadiness', () => {
  const running = new Map([browser('a'), browser('b'), browser('h', 'running', true)]);

  it('wants a leader with a window', () => {
    expect(startReadiness(castOf(['a', 'b'], running), undefined)).toBe('noLeader');
    expect(startReadiness(castOf(['a', 'h'], running), 'h')).toBe('noLeader');
    expect(startReadiness(castOf(['a', 'b'], running), 'z')).toBe('noLeader');
  });

  it('wants at least one running follower', () => {
    expect(startReadiness(castOf(['a', 'x'], running), 'a')).toBe('noFollower');
  });

  it('lets a headless profile follow', () => {
    expect(startReadiness(castOf(['a', 'h'], running), 'a')).toBe('ready');
  });

  it('refuses more followers than the agent takes', () => {
    const ids = Array.from({ length: SYNCHRONIZER_MAX_FOLLOWERS + 2 }, (_, i) => `p${i}`);
    const many = new Map(ids.map((id) => browser(id)));
    expect(startReadiness(castOf(ids, many), 'p0')).toBe('tooManyFollowers');
    expect(startReadiness(castOf(ids.slice(0, -1), many), 'p0')).toBe('ready');
  });
});
