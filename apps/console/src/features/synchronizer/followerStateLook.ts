import type { FollowerState } from '@facet/contracts';

/** How a follower's state shows: the Tag's color (antd preset) and its text's locale key. */
export const followerStateLook: Record<FollowerState, { color: string; textKey: string }> = {
  inStep: { color: 'success', textKey: 'synchronizer.state.inStep' },
  outOfStep: { color: 'warning', textKey: 'synchronizer.state.outOfStep' },
  dropped: { color: 'default', textKey: 'synchronizer.state.dropped' },
  closed: { color: 'error', textKey: 'synchronizer.state.closed' },
};

/** Re-sync takes an out-of-step follower to the leader's page; the agent refuses it for a dropped or closed one. */
export const canResync = (state: FollowerState) => state === 'outOfStep';

/** Drop stops replaying into a follower still taking events. */
export const canDrop = (state: FollowerState) => state === 'inStep' || state === 'outOfStep';
