import { DeleteOutlined, DesktopOutlined, PlusOutlined } from '@ant-design/icons';
import type { HostRow } from '@facet/contracts';
import { Button, Card, Empty, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { testId } from '../../lib/testId.ts';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { QueryStatus } from '../../ui/QueryStatus.tsx';
import { useScreenWidth } from '../../ui/useScreenWidth.ts';
import { useMember } from '../auth/index.ts';
import { AddHostDialog } from './AddHostDialog.tsx';
import { OpenRemotelyDialog } from './OpenRemotelyDialog.tsx';
import { PickProfileDialog } from './PickProfileDialog.tsx';
import { HostLoadFacts } from './HostLoadFacts.tsx';
import { HostStatus } from './HostStatus.tsx';
import { RemoteRunsList } from './RemoteRunsList.tsx';
import { RemoveHostDialog } from './RemoveHostDialog.tsx';
import { useHosts } from './remoteQueries.ts';

/** /wel/account/hosts: the team's hosts and the profiles open remotely on them. */
export default function HostsPage() {
  const { t } = useTranslation();
  return (
    <div data-testid="screen-hosts">
      <PageTitle>{t('hosts.title')}</PageTitle>
      <HostsView />
    </div>
  );
}

/**
 * The hosts with their load, refreshed on HOSTS_CHANGED and every 10 s; a main account adds and
 * removes them. Below, the runs this account may watch: the way in for the browser version and
 * phones, which have no profile list. A table on a wide screen, cards on a phone.
 */
export function HostsView() {
  const { t } = useTranslation();
  const hosts = useHosts();
  const member = useMember();
  const phone = useScreenWidth() === 'phone';
  const main = member.data?.type === 'main';
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<HostRow | null>(null);
  // Open a profile remotely from here: where there is no profile list (the browser version, phones).
  const [picking, setPicking] = useState(false);
  const [opening, setOpening] = useState<{ id: string; name: string } | null>(null);

  const columns: TableColumnsType<HostRow> = [
    { key: 'name', title: t('hosts.name'), dataIndex: 'name', ellipsis: true },
    { key: 'state', title: t('hosts.state'), width: 200, render: (_, host) => <HostStatus host={host} /> },
    { key: 'load', title: t('hosts.load'), render: (_, host) => <HostLoadFacts load={host.load} /> },
    ...(main
      ? [
          {
            key: 'actions',
            title: t('hosts.actions'),
            width: 110,
            render: (_: unknown, host: HostRow) => (
              <Button type="link" size="small" danger onClick={() => setRemoving(host)} data-testid={`host-remove-${host.id}`}>
                {t('hosts.remove')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  const empty = (
    <Empty
      data-testid="hosts-empty"
      description={
        <>
          <Typography.Text strong>{t('hosts.emptyTitle')}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{main ? t('hosts.emptyBody') : t('hosts.emptyBodySub')}</Typography.Text>
        </>
      }
    />
  );

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary">{t('hosts.intro')}</Typography.Text>
        <Flex gap={8} wrap style={phone ? { width: '100%' } : undefined}>
          <Button type={main ? 'default' : 'primary'} icon={<DesktopOutlined />} onClick={() => setPicking(true)} block={phone} data-testid="remote-pick">
            {t('remote.pickOpen')}
          </Button>
          {main ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} block={phone} data-testid="host-add">
              {t('hosts.add')}
            </Button>
          ) : null}
        </Flex>
      </Flex>
      {phone ? (
        hosts.data ? (
          hosts.data.list.length === 0 ? (
            empty
          ) : (
            hosts.data.list.map((host) => (
              <Card key={host.id} size="small" {...testId(`host-row-${host.id}`)}>
                <Flex justify="space-between" align="flex-start" gap={8}>
                  <Flex vertical gap={4} style={{ minWidth: 0 }}>
                    <Typography.Text strong ellipsis>
                      {host.name}
                    </Typography.Text>
                    <HostStatus host={host} />
                  </Flex>
                  {main ? <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('hosts.remove')} onClick={() => setRemoving(host)} data-testid={`host-remove-${host.id}`} /> : null}
                </Flex>
                <div style={{ marginTop: 8 }}>
                  <HostLoadFacts load={host.load} />
                </div>
              </Card>
            ))
          )
        ) : (
          <QueryStatus error={hosts.error} onRetry={() => void hosts.refetch()} />
        )
      ) : (
        <Table<HostRow>
          rowKey="id"
          columns={columns}
          dataSource={hosts.data?.list ?? []}
          loading={hosts.isLoading}
          pagination={false}
          onRow={(host) => testId(`host-row-${host.id}`)}
          locale={{ emptyText: hosts.error ? <QueryStatus error={hosts.error} onRetry={() => void hosts.refetch()} /> : empty }}
        />
      )}
      <RemoteRunsList />
      {adding ? <AddHostDialog onClose={() => setAdding(false)} /> : null}
      {removing ? <RemoveHostDialog host={removing} onClose={() => setRemoving(null)} /> : null}
      {picking ? (
        <PickProfileDialog
          onClose={() => setPicking(false)}
          onPick={(profile) => {
            setPicking(false);
            setOpening(profile);
          }}
        />
      ) : null}
      {opening ? <OpenRemotelyDialog profileId={opening.id} profileName={opening.name} onClose={() => setOpening(null)} /> : null}
    </Flex>
  );
}
