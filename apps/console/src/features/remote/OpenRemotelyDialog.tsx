import { remoteOpenCall, type HostRow, type RemoteRun } from '@facet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, List, Modal, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { HostLoadFacts } from './HostLoadFacts.tsx';
import { HostStatus } from './HostStatus.tsx';
import { remoteViewerPath } from './remotePaths.ts';
import { remoteRunsKey, useHosts, useRemoteRuns } from './remoteQueries.ts';

export interface OpenRemotelyDialogProps {
  profileId: string;
  profileName: string;
  onClose: () => void;
}

/**
 * "Open remotely": the team's hosts with their load (offline ones cannot be chosen); Open starts
 * the profile on one and shows its viewer. A host already running the profile offers Watch.
 */
export function OpenRemotelyDialog({ profileId, profileName, onClose }: OpenRemotelyDialogProps) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const navigate = useNavigate();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const hosts = useHosts(profileId);
  const runs = useRemoteRuns();
  const liveOn = (hostId: string): RemoteRun | undefined =>
    runs.data?.list.find((run) => run.profileId === profileId && run.hostId === hostId && (run.state === 'starting' || run.state === 'running'));
  const show = (run: RemoteRun) => {
    onClose();
    void navigate(remoteViewerPath(run.id));
  };
  const open = useMutation({
    mutationFn: (hostId: string) => api.call(remoteOpenCall, { profileId, hostId }),
    onSuccess: ({ run }) => {
      queryClient.setQueryData(remoteRunsKey(run.id), { list: [run] });
      show(run);
    },
    onError: (error) => showError(error),
  });
  const list = hosts.data?.list ?? [];
  return (
    <Modal open title={t('remote.openTitle', { name: profileName })} onCancel={onClose} footer={null} destroyOnHidden data-testid="remote-open-dialog">
      <Typography.Paragraph type="secondary">{t('remote.openIntro')}</Typography.Paragraph>
      {hosts.error ? <Alert type="warning" showIcon title={t('remote.hostsFailed')} /> : null}
      <List<HostRow>
        loading={hosts.isLoading}
        dataSource={list}
        locale={{ emptyText: <Typography.Text type="secondary">{t('remote.noHosts')}</Typography.Text> }}
        renderItem={(host) => {
          const live = liveOn(host.id);
          return (
            <List.Item
              data-testid={`remote-host-${host.id}`}
              actions={[
                live ? (
                  <Button key="watch" onClick={() => show(live)} data-testid={`remote-watch-${host.id}`}>
                    {t('remote.watch')}
                  </Button>
                ) : (
                  <Button
                    key="open"
                    type="primary"
                    disabled={!host.online || (open.isPending && open.variables !== host.id)}
                    loading={open.isPending && open.variables === host.id}
                    onClick={() => open.mutate(host.id)}
                    data-testid={`remote-open-${host.id}`}
                  >
                    {t('remote.open')}
                  </Button>
                ),
              ]}
            >
              <Flex vertical gap={4} style={{ minWidth: 0, opacity: host.online ? 1 : 0.6 }}>
                <Flex gap={8} align="center" wrap>
                  <Typography.Text strong ellipsis>
                    {host.name}
                  </Typography.Text>
                  {live ? <Tag color="success">{t('remote.runningHere')}</Tag> : null}
                </Flex>
                <HostStatus host={host} />
                {host.online ? <HostLoadFacts load={host.load} compact /> : null}
              </Flex>
            </List.Item>
          );
        }}
      />
    </Modal>
  );
}
