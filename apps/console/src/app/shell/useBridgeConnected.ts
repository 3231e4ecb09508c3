import { useSyncExternalStore } from 'react';
import { useRuntime } from '../../lib/RuntimeContext.tsx';

/** Whether the desktop client's bridge is up (always false in the browser version). */
export function useBridgeConnected(): boolean {
  const { bridge, events } = useRuntime();
  return useSyncExternalStore(
    (notify) => events.on('bridgeStatus', notify),
    () => bridge?.connected ?? false,
  );
}
