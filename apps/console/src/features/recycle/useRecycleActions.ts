import { recycleEmptyCall, recyclePurgeCall, recycleRestoreCall } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { useRefreshProfileData } from '../groups/index.ts';

/** Restore, purge and empty: each reports how many profiles it changed, then lists are refetched. */
export function useRecycleActions(onDone: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { api } = useRuntime();
  const showError = useShowError();
  const refresh = useRefreshProfileData();
  const after = (key: string) => async ({ changed }: { changed: number }) => {
    message.success(t(key, { count: changed }));
    onDone();
    await refresh();
  };
  const restore = useMutation({ mutationFn: (ids: string[]) => api.call(recycleRestoreCall, { ids }), onSuccess: after('recycle.restored'), onError: (e) => showError(e) });
  const purge = useMutation({ mutationFn: (ids: string[]) => api.call(recyclePurgeCall, { ids }), onSuccess: after('recycle.purged'), onError: (e) => showError(e) });
  const empty = useMutation({ mutationFn: () => api.call(recycleEmptyCall, {}), onSuccess: after('recycle.emptied'), onError: (e) => showError(e) });
  return { restore, purge, empty };
}
