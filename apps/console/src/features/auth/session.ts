import { memberCall, logoutCall, type Member, type SessionGrant } from '@facet/contracts';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import type { Runtime } from '../../lib/runtime.ts';

export const memberQueryKey = ['member'] as const;

/** The signed-in account, or undefined while loading; disabled when no one is signed in. */
export function useMember() {
  const { api, credentials } = useRuntime();
  return useQuery({
    queryKey: memberQueryKey,
    queryFn: async (): Promise<Member> => (await api.call(memberCall, {})).member,
    enabled: credentials.load() !== null,
    staleTime: 60_000,
  });
}

/**
 * Stores a fresh grant, opens the push channel with it, and hands it to the desktop agent: the
 * bridge came up on the login page with no session to share, and the local automation API acts
 * as the signed-in user from the moment of sign-in, not from the first profile opened here.
 */
export function adoptSession(runtime: Runtime, queryClient: QueryClient, grant: SessionGrant, keep: boolean): void {
  runtime.credentials.setKeep(keep);
  runtime.api.adopt(grant);
  queryClient.removeQueries({ queryKey: memberQueryKey });
  runtime.push.open();
  void runtime.push.login();
  void runtime.shareSession();
}

/** Forgets the session locally: channel closed, credentials and cached data cleared. */
export function dropSession(runtime: Runtime, queryClient: QueryClient): void {
  runtime.push.close();
  runtime.api.forget();
  queryClient.clear();
}

/** Logout (spec §4): the logout call, browsers closed by the client, channel and credentials cleared. */
export function useSignOut() {
  const runtime = useRuntime();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await runtime.api.call(logoutCall, {});
    } catch {
      // Signing out locally must work even when the server cannot be reached.
    }
    await runtime.bridge?.request('logout').catch(() => undefined);
    dropSession(runtime, queryClient);
    await navigate('/login', { replace: true });
  }, [runtime, queryClient, navigate]);
}
