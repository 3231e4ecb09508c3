import { tagListCall } from '@facet/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRuntime } from '../../lib/RuntimeContext.tsx';

export const tagsQueryKey = ['tags'] as const;

/** The account's tags by name, with how many live profiles carry each. */
export function useTags() {
  const { api } = useRuntime();
  return useQuery({ queryKey: tagsQueryKey, queryFn: () => api.call(tagListCall, {}), staleTime: 30_000 });
}
