import { planStatusCall } from '@facet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { memberQueryKey } from '../auth/index.ts';

const planStatusQueryKey = ['planStatus'] as const;

/** The plan in force for the team (a sub-account sees its main account's) and how much of it is used. */
export function usePlanStatus() {
  const { api } = useRuntime();
  return useQuery({ queryKey: planStatusQueryKey, queryFn: async () => (await api.call(planStatusCall, {})).status, staleTime: 30_000 });
}

/**
 * After a payment: everything that shows plan or order state is refetched — the plan status, the
 * member (its `subscription` drives the expired banner), an order's own page and the renewal
 * dashboard — in this window; every other window does the same at the same push (888/889).
 */
export function useRefreshPlan() {
  const queryClient = useQueryClient();
  return useCallback(
    () => Promise.all([planStatusQueryKey, memberQueryKey, ['orderDetail'], ['subscriptionRenewal']].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    [queryClient],
  );
}
