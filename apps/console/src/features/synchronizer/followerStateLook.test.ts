import { followerStates } from '@facet/contracts';
import { locales, lookup } from '@facet/i18n';
import { describe, expect, it } from 'vitest';
import { canDrop, canResync, followerStateLook } from './followerStateLook.ts';

describe('followerStateLook', () => {
  it('words every follower state in English (the parity test holds the other nine to it)', () => {
    for (const state of followerStates) expect(lookup(locales['en-US']!, followerStateLook[state].textKey), state).toBeTruthy();
  });

  it('offers Re-sync only out of step, and Drop only while the follower takes events', () => {
    expect(followerStates.filter(canResync)).toEqual(['outOfStep']);
    expect(followerStates.filter(canDrop)).toEqual(['inStep', 'outOfStep']);
  });
});
