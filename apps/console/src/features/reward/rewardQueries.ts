import { rewardInfoCall } from '@facet/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRuntime } from '../../lib/RuntimeContext.tsx';

const rewardQueryKey = ['reward'] as const;

/** The main account's invitation code and link, its invitees and the days they earned. */
export function useRewardInfo() {
  const { api } = useRuntime();
  return useQuery({ queryKey: rewardQueryKey, queryFn: () => api.call(rewardInfoCall, {}), staleTime: 30_000 });
}
