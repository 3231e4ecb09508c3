import { leaseLostPushSchema, syncConflictPushSchema, syncProgressPushSchema } from '@facet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { cachedProfileName } from './cachedProfileName.ts';
import { SavedVersionsDialog } from '../profiles/profileDialogs.ts';
import { syncVersionsKey } from './syncQueries.ts';

/**
 * What the agent tells about profile state outside any one screen: a save that did not reach the
 * server, a save kept beside another computer's, another computer taking a profile this machine
 * runs. The lists' "running on …" follows: they are asked again when a profile closes here or its
 * state has moved (the lease is taken before a download and let go after the save).
 */
export function SyncEvents() {
  const { t } = useTranslation();
  const { bridge, events } = useRuntime();
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const [versionsOf, setVersionsOf] = useState<{ id: string; name: string } | null>(null);

  useEffect(() => {
    if (!bridge) return;
    const nameOf = (id: string) => cachedProfileName(queryClient.getQueriesData({ queryKey: ['profiles'] }), id) ?? id;
    const refreshLists = () => void queryClient.invalidateQueries({ queryKey: ['profiles'] });
    return events.on('bridgePush', (push) => {
      if (push.push === 'stop') refreshLists();
      if (push.push === 'syncprogress') {
        const progress = syncProgressPushSchema.safeParse(push.parameter);
        if (!progress.success || !progress.data.finished) return;
        refreshLists();
        const { profileId, failed } = progress.data;
        if (failed) {
          notification.warning({
            key: `sync-failed-${profileId}`,
            title: t('syncState.saveFailedTitle', { name: nameOf(profileId) }),
            description: t('syncState.saveFailed'),
            props: { 'data-testid': `sync-failed-notice-${profileId}` },
          });
        }
      }
      if (push.push === 'syncconflict') {
        const conflict = syncConflictPushSchema.safeParse(push.parameter);
        if (!conflict.success) return;
        const { profileId, savedNumber, otherNumber, otherDevice } = conflict.data;
        const name = nameOf(profileId);
        const key = `sync-conflict-${profileId}`;
        void queryClient.invalidateQueries({ queryKey: syncVersionsKey(profileId) });
        notification.info({
          key,
          duration: 0,
          title: t('syncState.conflictTitle', { name }),
          description: t('syncState.conflict', { saved: savedNumber, other: otherNumber, device: otherDevice }),
          actions: (
            <Button
              size="small"
              type="primary"
              onClick={() => {
                notification.destroy(key);
                setVersionsOf({ id: profileId, name });
              }}
              data-testid={`sync-conflict-versions-${profileId}`}
            >
              {t('syncState.versions.open')}
            </Button>
          ),
          props: { 'data-testid': `sync-conflict-notice-${profileId}` },
        });
      }
      if (push.push === 'leaselost') {
        const lost = leaseLostPushSchema.safeParse(push.parameter);
        if (!lost.success) return;
        const { profileId, device } = lost.data;
        refreshLists();
        notification.warning({
          key: `lease-lost-${profileId}`,
          duration: 0,
          title: t('syncState.leaseLostTitle', { name: nameOf(profileId) }),
          description: device ? t('syncState.leaseLost', { device }) : t('syncState.leaseLostUnknown'),
          props: { 'data-testid': `lease-lost-notice-${profileId}` },
        });
      }
    });
  }, [bridge, events, notification, queryClient, t]);

  return versionsOf ? <SavedVersionsDialog profileId={versionsOf.id} name={versionsOf.name} onClose={() => setVersionsOf(null)} /> : null;
}
