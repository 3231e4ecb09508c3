import { profileDeleteCall } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { useRefreshProfileData } from '../groups/index.ts';

/** Moves profiles to the recycle bin (they can be restored from there). */
export function useDeleteProfiles(onDeleted?: (ids: string[]) => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { api } = useRuntime();
  const showError = useShowError();
  const refresh = useRefreshProfileData();
  return useMutation({
    mutationFn: (ids: string[]) => api.call(profileDeleteCall, { ids }),
    onSuccess: async ({ changed }, ids) => {
      message.success(t('profiles.deleted', { count: changed }));
      onDeleted?.(ids);
      await refresh();
    },
    onError: (error) => showError(error),
  });
}
