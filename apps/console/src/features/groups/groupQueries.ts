import { groupListCall } from '@facet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRuntime } from '../../lib/RuntimeContext.tsx';

const groupsQueryKey = ['groups'] as const;

/** The account's groups (by sort value, then name) and how many profiles are in none. */
export function useGroups() {
  const { api } = useRuntime();
  return useQuery({ queryKey: groupsQueryKey, queryFn: () => api.call(groupListCall, {}), staleTime: 30_000 });
}

/**
 * After anything that changes groups or which profiles are in them: the group list (counts),
 * the profile lists (group names) and the recycle bin (group names) are refetched.
 */
export function useRefreshProfileData() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: groupsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['profiles'] }),
        queryClient.invalidateQueries({ queryKey: ['recycle'] }),
      ]),
    [queryClient],
  );
}
