import { profileSyncRestoreCall, profileSyncVersionsCall, type SyncVersion } from '@facet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';

export const syncVersionsKey = (profileId: string) => ['syncVersions', profileId] as const;

/** The stored versions of a profile's state, newest first; asked afresh each time the dialog opens. */
export function useSyncVersions(profileId: string) {
  const { api } = useRuntime();
  return useQuery({
    queryKey: syncVersionsKey(profileId),
    queryFn: async () => (await api.call(profileSyncVersionsCall, { id: profileId })).list,
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * Makes an older version the newest again (the server stores it as a new version and keeps the
 * rest); refused while the profile is open on some computer, and without edit access.
 */
export function useRestoreSyncVersion(profileId: string) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { api } = useRuntime();
  const showError = useShowError();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: SyncVersion) => api.call(profileSyncRestoreCall, { id: profileId, versionId: version.id }),
    onSuccess: async ({ version: restored }, version) => {
      message.success(t('syncState.versions.restored', { number: version.number, newNumber: restored.number }));
      await queryClient.invalidateQueries({ queryKey: syncVersionsKey(profileId) });
    },
    onError: (error) => showError(error),
  });
}
