import { operationLogListCall } from '@facet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRuntime } from '../../lib/RuntimeContext.tsx';

export interface OperationLogQuery {
  page: number;
  limit: 20 | 40 | 60 | 100;
  keyword: string;
  /** One account of the team; left out: all of them. */
  accountId?: string;
  /** Inclusive range, ms since the epoch, local days. */
  from?: number;
  to?: number;
}

/** One page of the team's operation log, newest first. */
export function useOperationLogPage(query: OperationLogQuery) {
  const { api } = useRuntime();
  return useQuery({ queryKey: ['operationLog', query], queryFn: () => api.call(operationLogListCall, query), placeholderData: keepPreviousData });
}
