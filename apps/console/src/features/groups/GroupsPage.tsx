import { PlusOutlined } from '@ant-design/icons';
import { groupDeleteCall, type Group } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';
import { useDateTimeFormat } from '../../lib/useDateTimeFormat.ts';
import { GroupDialog } from './GroupDialog.tsx';
import { GroupIcon } from './GroupIcon.tsx';
import { useGroups, useRefreshProfileData } from './groupQueries.ts';

/** /wel/browsergroup: the account's groups; deleting one leaves its profiles ungrouped. */
export default function GroupsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { api } = useRuntime();
  const showError = useShowError();
  const refresh = useRefreshProfileData();
  const formatDate = useDateTimeFormat();
  const groups = useGroups();
  // undefined: dialog closed; null: creating; a group: editing it.
  const [editing, setEditing] = useState<Group | null | undefined>(undefined);
  const remove = useMutation({
    mutationFn: (group: Group) => api.call(groupDeleteCall, { id: group.id }),
    onSuccess: async ({ moved }) => {
      message.success(t('groups.deleted', { count: moved }));
      await refresh();
    },
    onError: (error) => showError(error),
  });

  const columns: TableColumnsType<Group> = [
    { key: 'icon', title: t('groups.icon'), width: 72, render: (_, group) => <GroupIcon icon={group.icon} /> },
    { key: 'name', title: t('groups.name'), dataIndex: 'name' },
    { key: 'sort', title: t('groups.sort'), dataIndex: 'sort', width: 120 },
    { key: 'profileCount', title: t('groups.profileCount'), dataIndex: 'profileCount', width: 140 },
    { key: 'createdAt', title: t('groups.created'), dataIndex: 'createdAt', width: 200, render: (ms: number) => formatDate(ms) },
    {
      key: 'actions',
      title: t('groups.actions'),
      width: 180,
      render: (_, group) => (
        <Space>
          <Button type="link" size="small" onClick={() => setEditing(group)} data-testid={`group-edit-${group.id}`}>
            {t('groups.edit')}
          </Button>
          <Popconfirm
            title={t('groups.deleteConfirm', { name: group.name })}
            description={t('groups.deleteHint')}
            okButtonProps={{ danger: true, ...testId('group-delete-confirm') }}
            onConfirm={() => remove.mutate(group)}
          >
            <Button type="link" size="small" danger data-testid={`group-delete-${group.id}`}>
              {t('groups.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="screen-browsergroup">
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('groups.title')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="group-create">
          {t('groups.create')}
        </Button>
      </Flex>
      {groups.data ? (
        <Typography.Paragraph type="secondary" data-testid="groups-ungrouped-count">
          {t('groups.ungroupedCount', { count: groups.data.ungroupedCount })}
        </Typography.Paragraph>
      ) : null}
      <Table<Group>
        rowKey="id"
        columns={columns}
        dataSource={groups.data?.list ?? []}
        loading={groups.isLoading || remove.isPending}
        pagination={false}
        onRow={(group) => testId(`group-row-${group.id}`)}
        locale={{ emptyText: <Empty description={t('groups.empty')} /> }}
      />
      {editing !== undefined ? <GroupDialog group={editing} onClose={() => setEditing(undefined)} /> : null}
    </div>
  );
}
