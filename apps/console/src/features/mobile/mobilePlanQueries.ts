import { subscriptionsCall } from '@facet/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRuntime } from '../../lib/RuntimeContext.tsx';

/**
 * The purchase view is the only call that lists the offered plans (its `navigation`) and their
 * time options. Each answer also opens an order, as the desktop dialog's do; the list and
 * detail screens do not use it and it lapses unpaid. Main accounts only: a sub-account is refused.
 */
export function usePlanOffer(type: string | null, enabled: boolean) {
  const { api } = useRuntime();
  return useQuery({
    queryKey: ['mobile', 'planOffer', type],
    queryFn: () => api.call(subscriptionsCall, type ? { type } : {}),
    enabled,
    staleTime: 30_000,
  });
}
