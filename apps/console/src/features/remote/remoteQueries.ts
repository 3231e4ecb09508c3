import { Code, hostListCall, remoteListCall } from '@facet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRuntime } from '../../lib/RuntimeContext.tsx';

export const hostsKey = ['hosts'] as const;
export const remoteRunsKey = (runId?: string) => ['remoteRuns', runId ?? 'all'] as const;

/** Hosts' load changes all the time: asked again every 10 s while a list shows (not in a background tab). */
const HOSTS_REFRESH_MS = 10_000;
/** A run's viewers and control: asked again every 3 s beside the pushes, in case one is missed. */
const RUN_REFRESH_MS = 3_000;

/**
 * The team's hosts with their load; asked again when the server pushes HOSTS_CHANGED. With
 * `profileId`, also those of the team that owns the profile (a shared one may open there).
 */
export function useHosts(profileId?: string) {
  const { api, events } = useRuntime();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      events.on('push', (push) => {
        if (push.code === Code.HOSTS_CHANGED) void queryClient.invalidateQueries({ queryKey: hostsKey });
      }),
    [events, queryClient],
  );
  return useQuery({ queryKey: [...hostsKey, profileId ?? 'team'], queryFn: () => api.call(hostListCall, profileId ? { profileId } : {}), refetchInterval: HOSTS_REFRESH_MS });
}

/**
 * The live remote runs this account may see (or the one named), asked again on REMOTE_RUN_CHANGED:
 * `frequent` adds the viewer's 3 s refresh.
 */
export function useRemoteRuns(runId?: string, frequent = false) {
  const { api, events } = useRuntime();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      events.on('push', (push) => {
        if (push.code !== Code.REMOTE_RUN_CHANGED) return;
        const changed = (push.data as { runId?: unknown } | null)?.runId;
        if (runId === undefined || changed === undefined || changed === runId) void queryClient.invalidateQueries({ queryKey: remoteRunsKey(runId) });
      }),
    [events, queryClient, runId],
  );
  return useQuery({
    queryKey: remoteRunsKey(runId),
    queryFn: () => api.call(remoteListCall, runId === undefined ? {} : { runId }),
    refetchInterval: frequent ? RUN_REFRESH_MS : HOSTS_REFRESH_MS,
  });
}
