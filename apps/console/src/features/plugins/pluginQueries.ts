import { pluginListCall, pluginVersionsCall, type PageSize } from '@facet/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRuntime } from '../../lib/RuntimeContext.tsx';

/** Every plugin query lives under this key: one invalidation refreshes the list and versions. */
const pluginsQueryKey = ['plugins'] as const;

export interface PluginListQuery {
  page: number;
  limit: PageSize;
}

/** One page of the team's plugins, newest first; the previous page stays while the next loads. */
export function usePluginPage(query: PluginListQuery) {
  const { api } = useRuntime();
  return useQuery({ queryKey: [...pluginsQueryKey, 'list', query], queryFn: () => api.call(pluginListCall, query), placeholderData: keepPreviousData });
}

/** Every stored version of one plugin, newest first; nothing is asked while `id` is null. */
export function usePluginVersions(id: string | null) {
  const { api } = useRuntime();
  return useQuery({
    queryKey: [...pluginsQueryKey, 'versions', id],
    queryFn: async () => (await api.call(pluginVersionsCall, { id: id! })).list,
    enabled: id !== null,
  });
}

/** After any change to a plugin: its list row and its versions are fetched again. */
export function useRefreshPlugins() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: pluginsQueryKey }), [queryClient]);
}
