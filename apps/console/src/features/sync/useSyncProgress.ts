import { syncProgressPushSchema } from '@facet/contracts';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { applySyncProgress, type SyncProgressMap } from './syncProgress.ts';

/**
 * Profile state moving between this machine and the server, by profile id, from the agent's
 * `syncprogress` pushes: a download before a start, a save after a close. Empty in the browser
 * version, and emptied when the bridge drops (no push would end what was under way).
 */
export function useSyncProgress(): SyncProgressMap {
  const { bridge, events } = useRuntime();
  const [progress, setProgress] = useState<SyncProgressMap>(() => new Map());
  useEffect(() => {
    if (!bridge) return;
    const offs = [
      events.on('bridgeStatus', (connected) => connected || setProgress(new Map())),
      events.on('bridgePush', (push) => {
        if (push.push !== 'syncprogress') return;
        const change = syncProgressPushSchema.safeParse(push.parameter);
        if (change.success) setProgress((current) => applySyncProgress(current, change.data));
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [bridge, events]);
  return progress;
}
