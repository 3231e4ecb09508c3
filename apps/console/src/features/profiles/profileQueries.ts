import { profileDetailCall, profileListCall, type ListQuery } from '@facet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { whileOpenSomewhere } from '../sync/index.ts';

export const profileListKey = (query: ListQuery) => ['profiles', 'list', query] as const;
const profileDetailKey = (id: string) => ['profiles', 'detail', id] as const;

/** One page of the browser list; the previous page stays on screen while the next loads. */
export function useProfilePage(query: ListQuery) {
  const { api } = useRuntime();
  return useQuery({
    queryKey: profileListKey(query),
    queryFn: () => api.call(profileListCall, query),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => whileOpenSomewhere(current.state.data),
  });
}

/** Every setting of one profile, for the edit form; always fetched fresh. */
export function useProfileDetail(id: string | null) {
  const { api } = useRuntime();
  return useQuery({
    queryKey: profileDetailKey(id ?? ''),
    queryFn: async () => (await api.call(profileDetailCall, { id: id! })).profile,
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
