import { subAccountListCall } from '@facet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRuntime } from '../../app/RuntimeContext.tsx';

export const subAccountsQueryKey = ['subAccounts'] as const;

/** The main account's sub-accounts, oldest first. */
export function useSubAccounts() {
  const { api } = useRuntime();
  return useQuery({ queryKey: subAccountsQueryKey, queryFn: () => api.call(subAccountListCall, {}), staleTime: 30_000 });
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
