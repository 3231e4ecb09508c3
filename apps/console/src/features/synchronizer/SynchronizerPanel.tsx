import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SynchronizerStatus } from '@facet/contracts';
import { App, Button, Divider, Empty, Flex, Drawer, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { FollowerRow, PageAddress } from './FollowerRow.tsx';
import { nameWithRemembered } from './rememberedNames.ts';
import { synchronizerBridge, synchronizerStatusKey } from './synchronizerBridge.ts';
import { synchronizerErrorText } from './synchronizerErrorText.ts';
import { useSynchronizerStatus } from './useSynchronizerStatus.ts';

export interface SynchronizerPanelProps {
  nameOf: (id: string) => string;
  onClose: () => void;
}

/** A follower request: which follower, and what to do with it. */
type FollowerAction = { kind: 'resync' | 'drop'; profileId: string };

/**
 * The running synchronizer: its leader and each follower with its state and page, Re-sync for a
 * follower out of step, Drop, and Stop. Follows the agent's push; asks for the status on opening,
 * as a push may have been missed while the bridge was down.
 */
export function SynchronizerPanel({ nameOf: listNameOf, onClose }: SynchronizerPanelProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { bridge } = useRuntime();
  const queryClient = useQueryClient();
  const status = useSynchronizerStatus();
  const [acting, setActing] = useState<string | null>(null);
  const requests = synchronizerBridge(bridge!);
  const nameOf = nameWithRemembered(listNameOf);

  useEffect(() => void queryClient.invalidateQueries({ queryKey: synchronizerStatusKey }), [queryClient]);

  const answered = (next: SynchronizerStatus) => queryClient.setQueryData(synchronizerStatusKey, next);
  const failed = (error: unknown) => message.error(synchronizerErrorText(error, t));

  const follower = useMutation({
    mutationFn: ({ kind, profileId }: FollowerAction) => (kind === 'resync' ? requests.resync(profileId) : requests.drop(profileId)),
    onMutate: ({ profileId }) => setActing(profileId),
    onSuccess: answered,
    onError: failed,
    onSettled: () => setActing(null),
  });
  const stop = useMutation({
    mutationFn: requests.stop,
    onSuccess: (next) => {
      answered(next);
      message.success(t('synchronizer.stopped'));
      onClose();
    },
    onError: failed,
  });

  return (
    <Drawer
      open
      // Never wider than the window: a desktop client's small window, or a phone.
      size="min(480px, 100vw)"
      title={t('synchronizer.panelTitle')}
      onClose={onClose}
      destroyOnHidden
      footer={
        status.running ? (
          <Flex justify="end">
            <Button danger onClick={() => stop.mutate()} loading={stop.isPending} data-testid="synchronizer-stop">
              {t('synchronizer.stop')}
            </Button>
          </Flex>
        ) : null
      }
    >
      <div data-testid="synchronizer-panel">
        {!status.running || !status.leaderId ? (
          <Empty description={t('synchronizer.idle')} data-testid="synchronizer-idle" />
        ) : (
          <Flex vertical data-testid="synchronizer-status">
            <Flex vertical gap={4} data-testid={`synchronizer-leader-row-${status.leaderId}`}>
              <Flex gap={8} align="center" style={{ minWidth: 0 }}>
                <Typography.Text strong ellipsis>
                  {nameOf(status.leaderId)}
                </Typography.Text>
                <Tag color="blue">{t('synchronizer.leader')}</Tag>
              </Flex>
              <PageAddress url={status.leaderUrl} testId="synchronizer-leader-url" />
            </Flex>
            <Divider size="small" titlePlacement="start" plain>
              {t('synchronizer.followersCount', { count: status.followers.length })}
            </Divider>
            {status.followers.map((one) => (
              <FollowerRow
                key={one.profileId}
                follower={one}
                name={nameOf(one.profileId)}
                busy={acting === one.profileId}
                onResync={() => follower.mutate({ kind: 'resync', profileId: one.profileId })}
                onDrop={() => follower.mutate({ kind: 'drop', profileId: one.profileId })}
              />
            ))}
          </Flex>
        )}
      </div>
    </Drawer>
  );
}
