import { remoteStopCall, type RemoteRun } from '@facet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { useDateTimeFormat } from '../../lib/useDateTimeFormat.ts';
import { remoteViewerPath } from './remotePaths.ts';
import { useRemoteRuns } from './remoteQueries.ts';

export const runStateColor: Record<RemoteRun['state'], string> = { starting: 'processing', running: 'success', failed: 'error', stopped: 'default' };

/** The profiles open remotely that this account may watch, each with Watch (and Stop when it may). */
export function RemoteRunsList() {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const navigate = useNavigate();
  const formatDate = useDateTimeFormat();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const runs = useRemoteRuns();
  const stop = useMutation({
    mutationFn: (runId: string) => api.call(remoteStopCall, { runId }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['remoteRuns'] }),
    onError: (error) => showError(error),
  });
  const live = (runs.data?.list ?? []).filter((run) => run.state === 'starting' || run.state === 'running');
  return (
    <Card size="small" title={t('remote.runsTitle')} data-testid="remote-runs">
      <List<RemoteRun>
        size="small"
        loading={runs.isLoading}
        dataSource={live}
        locale={{ emptyText: <Typography.Text type="secondary">{t('remote.noRuns')}</Typography.Text> }}
        renderItem={(run) => (
          <List.Item
            data-testid={`remote-run-${run.id}`}
            actions={[
              <Button key="watch" type="primary" size="small" onClick={() => void navigate(remoteViewerPath(run.id))} data-testid={`remote-run-watch-${run.id}`}>
                {t('remote.watch')}
              </Button>,
              ...(run.mayStop
                ? [
                    <Button key="stop" size="small" danger loading={stop.isPending && stop.variables === run.id} onClick={() => stop.mutate(run.id)} data-testid={`remote-run-stop-${run.id}`}>
                      {t('remote.stop')}
                    </Button>,
                  ]
                : []),
            ]}
          >
            <Flex vertical gap={2} style={{ minWidth: 0 }}>
              <Flex gap={8} align="center" wrap>
                <Typography.Text strong ellipsis>
                  {run.profileName}
                </Typography.Text>
                <Tag color={runStateColor[run.state]}>{t(`remote.state.${run.state}`)}</Tag>
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('remote.runFacts', { host: run.hostName, by: run.startedBy, when: formatDate(run.startedAt), viewers: run.viewers.length })}
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}
