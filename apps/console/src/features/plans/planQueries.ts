import { planStatusCall } from '@facet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { memberQueryKey } from '../auth/session.ts';

export const planStatusQueryKey = ['planStatus'] as const;

/** The plan in force for the team (a sub-account sees its main account's) and how much of it is used. */
export function usePlanStatus() {
  const { api } = useRuntime();
  return useQuery({ queryKey: planStatusQueryKey, queryFn: async () => (await api.call(planStatusCall, {})).status, staleTime: 30_000 });
}

/** After a payment: the plan status and the member (its `subscription` drives the expired banner) are refetched. */
export function useRefreshPlan() {
  const queryClient = useQueryClient();
  return useCallback(
    () => Promise.all([queryClient.invalidateQueries({ queryKey: planStatusQueryKey }), queryClient.invalidateQueries({ queryKey: memberQueryKey })]),
    [queryClient],
  );
}
