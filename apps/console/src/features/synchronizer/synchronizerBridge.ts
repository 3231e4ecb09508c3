import type { SynchronizerOptionsInput, SynchronizerStatus } from '@facet/contracts';
import type { BridgeClient } from '../../lib/bridge.ts';

/** The desktop agent's window-synchronizer requests; each answers the synchronizer's status, parsed by the bridge table. */
export const synchronizerBridge = (bridge: BridgeClient) => ({
  status: async (): Promise<SynchronizerStatus> => await bridge.request('synchronizerStatus'),
  start: async (leaderId: string, followerIds: string[], options?: SynchronizerOptionsInput): Promise<SynchronizerStatus> =>
    await bridge.request('synchronizerStart', { leaderId, followerIds, ...(options ? { options } : {}) }),
  stop: async (): Promise<SynchronizerStatus> => await bridge.request('synchronizerStop'),
  resync: async (profileId: string): Promise<SynchronizerStatus> => await bridge.request('synchronizerResync', { profileId }),
  drop: async (profileId: string): Promise<SynchronizerStatus> => await bridge.request('synchronizerDrop', { profileId }),
});

export const synchronizerStatusKey = ['synchronizer', 'status'] as const;

/** What the console shows while it knows nothing else: no synchronizer. */
export const idleStatus: SynchronizerStatus = { running: false, leaderId: null, followers: [] };
