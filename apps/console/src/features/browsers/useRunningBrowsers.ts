import { browserStatePushSchema, runningBrowserListSchema, type RunningBrowser } from '@facet/contracts';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../lib/RuntimeContext.tsx';

/**
 * The profiles with a browser on this machine, by id: asked of the agent once the bridge is up,
 * then kept current by its start and stop pushes. Empty in the browser version.
 */
export function useRunningBrowsers(): Map<string, RunningBrowser> {
  const { bridge, events } = useRuntime();
  const [running, setRunning] = useState(() => new Map<string, RunningBrowser>());
  useEffect(() => {
    if (!bridge) return;
    let live = true;
    const load = () =>
      bridge
        .request('runningBrowsers')
        .then((value) => {
          const list = runningBrowserListSchema.safeParse(value);
          if (live && list.success) setRunning(new Map(list.data.map((b) => [b.profileId, b])));
        })
        .catch(() => undefined);
    void load();
    const offs = [
      events.on('bridgeStatus', (connected) => (connected ? void load() : setRunning(new Map()))),
      events.on('bridgePush', (push) => {
        if (push.push !== 'start' && push.push !== 'stop') return;
        const change = browserStatePushSchema.safeParse(push.parameter);
        if (!change.success) return;
        const { profileId, state, number, headless } = change.data;
        setRunning((current) => {
          const next = new Map(current);
          if (state === 'stopped') next.delete(profileId);
          else next.set(profileId, { profileId, state, number: number ?? current.get(profileId)?.number ?? 1, headless: headless ?? current.get(profileId)?.headless ?? false, skippedCookies: current.get(profileId)?.skippedCookies ?? [] });
          return next;
        });
      }),
    ];
    return () => {
      live = false;
      for (const off of offs) off();
    };
  }, [bridge, events]);
  return running;
}
