import { recycleListCall } from '@facet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRuntime } from '../../lib/RuntimeContext.tsx';

export interface RecyclePageQuery {
  page: number;
  limit: 20 | 40 | 60 | 100;
}

/** One page of the recycle bin, newest deletion first, with the retention period. */
export function useRecyclePage(query: RecyclePageQuery) {
  const { api } = useRuntime();
  return useQuery({ queryKey: ['recycle', query], queryFn: () => api.call(recycleListCall, query), placeholderData: keepPreviousData });
}
