import { BridgeError } from '@facet/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { BridgeCallError } from '../../lib/bridge.ts';
import { synchronizerErrorText } from './synchronizerErrorText.ts';

const t = ((key: string) => key) as unknown as TFunction;

describe('synchronizerErrorText', () => {
  it('words a refusal by its code, not by the code word the agent sends as msg', () => {
    expect(synchronizerErrorText(new BridgeCallError(BridgeError.LEADER_NOT_RUNNING, 'leader_not_running'), t)).toBe('synchronizer.error.leaderNotRunning');
    expect(synchronizerErrorText(new BridgeCallError(BridgeError.FOLLOWER_UNAVAILABLE, 'follower_unavailable'), t)).toBe('synchronizer.error.followerUnavailable');
  });

  it('falls back to "operation failed" for a code without text and for other failures', () => {
    expect(synchronizerErrorText(new BridgeCallError(999, 'x'), t)).toBe('error.operationFailed');
    expect(synchronizerErrorText(new Error('bridge closed'), t)).toBe('error.operationFailed');
  });
});
