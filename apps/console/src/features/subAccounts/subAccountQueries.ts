import { subAccountListCall } from '@facet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRuntime } from '../../lib/RuntimeContext.tsx';

const subAccountsQueryKey = ['subAccounts'] as const;

/**
 * The main account's sub-accounts, oldest first. Asked again whenever a page showing them opens
 * or the window comes back: a sub-account signs in elsewhere, and "Last login: Never" kept from
 * half a minute ago was what the list showed until a reload.
 */
export function useSubAccounts() {
  const { api } = useRuntime();
  return useQuery({ queryKey: subAccountsQueryKey, queryFn: () => api.call(subAccountListCall, {}), staleTime: 0 });
}

/**
 * After a sub-account changes: its list is refetched; after a delete its profiles are gone too,
 * so the profile lists and the groups' counts are refetched as well.
 */
export function useRefreshSubAccounts() {
  const queryClient = useQueryClient();
  return useCallback(
    (profilesChanged = false) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subAccountsQueryKey }),
        ...(profilesChanged ? [queryClient.invalidateQueries({ queryKey: ['profiles'] }), queryClient.invalidateQueries({ queryKey: ['groups'] })] : []),
      ]),
    [queryClient],
  );
}
