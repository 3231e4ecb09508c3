import { Code, accessEndedPushSchema, leaseLostPushSchema, syncConflictPushSchema, syncProgressPushSchema, syncVersionRefusedPushSchema } from '@facet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { cachedProfileName } from './cachedProfileName.ts';
import { deferred } from '../../lib/deferred.tsx';
import { syncVersionsKey } from './syncQueries.ts';
import { refusalTextKey, refusedText } from './versionBadges.ts';

// Opened from a notice on demand (lib/deferred.tsx).
const SavedVersionsDialog = deferred(() => import('./SavedVersionsDialog.tsx').then((m) => m.SavedVersionsDialog));

/**
 * What the agent tells about profile state outside any one screen: a save that did not reach the
 * server, a save kept beside another computer's, another computer taking a profile this machine
 * runs, a browser closed because this account may no longer run its profile (issue 36). And what the server tells the owner: a computer refused a saved version (issue 34). The lists' "running on …" follows: they are asked again when a profile closes here or its
 * state has moved (the lease is taken before a download and let go after the save).
 */
export function SyncEvents() {
  const { t } = useTranslation();
  const { bridge, events } = useRuntime();
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const [versionsOf, setVersionsOf] = useState<{ id: string; name: string } | null>(null);

  // From the server, so in the browser version too: the owner may not be the one who started it.
  useEffect(
    () =>
      events.on('push', (push) => {
        // Where profiles run changed (a lease given back, access taken away): "running on …" and
        // the rows this account may see follow now, not at the next poll.
        if (push.code === Code.PROFILE_LEASES_CHANGED || push.code === Code.PROFILE_ACCESS_ENDED) {
          void queryClient.invalidateQueries({ queryKey: ['profiles'] });
          return;
        }
        if (push.code !== Code.SYNC_VERSION_REFUSED) return;
        const told = syncVersionRefusedPushSchema.safeParse(push.data);
        if (!told.success) return;
        const { profileId, profileName, number, madeBy, madeOn, refusal, usingNumber } = told.data;
        const key = `sync-refused-${profileId}-${number}`;
        const text = refusedText({ number, by: madeBy, device: madeOn }, refusal, usingNumber, (reason) => t(refusalTextKey(reason)));
        void queryClient.invalidateQueries({ queryKey: syncVersionsKey(profileId) });
        notification.warning({
          key,
          duration: 0,
          title: t('syncState.refusedTitle', { name: profileName }),
          description: t(text.key, text.values),
          actions: (
            <Button
              size="small"
              onClick={() => {
                notification.destroy(key);
                setVersionsOf({ id: profileId, name: profileName });
              }}
              data-testid={`sync-refused-versions-${profileId}`}
            >
              {t('syncState.versions.open')}
            </Button>
          ),
          props: { 'data-testid': `sync-refused-notice-${profileId}` },
        });
      }),
    [events, notification, queryClient, t],
  );

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
      if (push.push === 'accessended') {
        const ended = accessEndedPushSchema.safeParse(push.parameter);
        if (!ended.success) return;
        const { profileId, name, reason } = ended.data;
        refreshLists();
        notification.warning({
          key: `access-ended-${profileId}`,
          duration: 0,
          title: t('syncState.accessEndedTitle', { name }),
          description: t(`syncState.accessEnded.${reason}`),
          props: { 'data-testid': `access-ended-notice-${profileId}` },
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
