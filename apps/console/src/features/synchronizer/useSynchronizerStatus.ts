import { synchronizerPushSchema, type SynchronizerStatus } from '@facet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { idleStatus, synchronizerBridge, synchronizerStatusKey } from './synchronizerBridge.ts';

/**
 * The window synchronizer's status on this computer: asked of the agent once (and again when the
 * bridge comes back), then kept current by its `synchronizer` push. Kept in the query cache, so
 * the toolbar badge and the panel show the same. Idle in the browser version.
 */
export function useSynchronizerStatus(): SynchronizerStatus {
  const { bridge, events } = useRuntime();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: synchronizerStatusKey,
    queryFn: () => synchronizerBridge(bridge!).status(),
    enabled: bridge !== null,
    // The push keeps it current; asking again on every mount would only race the push.
    staleTime: Infinity,
  });

  useEffect(() => {
    if (!bridge) return;
    const offs = [
      events.on('bridgePush', (push) => {
        if (push.push !== 'synchronizer') return;
        const status = synchronizerPushSchema.safeParse(push.parameter);
        if (status.success) queryClient.setQueryData(synchronizerStatusKey, status.data);
      }),
      // A restarted agent has no synchronizer, or a new one: ask again rather than show the old.
      events.on('bridgeStatus', (connected) => {
        if (connected) void queryClient.invalidateQueries({ queryKey: synchronizerStatusKey });
        else queryClient.setQueryData(synchronizerStatusKey, idleStatus);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [bridge, events, queryClient]);

  return query.data ?? idleStatus;
}
