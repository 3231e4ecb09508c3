import { PlusOutlined } from '@ant-design/icons';
import type { SubAccount } from '@facet/contracts';
import { Button, Empty, Flex, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { testId } from '../../lib/testId.ts';
import { useDateTimeFormat } from '../../lib/useDateTimeFormat.ts';
import { DeleteSubAccountDialog } from './DeleteSubAccountDialog.tsx';
import { SubAccountDialog } from './SubAccountDialog.tsx';
import { useSubAccounts } from './subAccountQueries.ts';

/** /wel/account/sub: the main account's sub-accounts; add, edit, delete (with their profiles). */
export default function SubAccountsPage() {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  const subAccounts = useSubAccounts();
  // undefined: dialog closed; null: adding; a sub-account: editing it.
  const [editing, setEditing] = useState<SubAccount | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<SubAccount | undefined>(undefined);

  const columns: TableColumnsType<SubAccount> = [
    { key: 'username', title: t('subAccounts.username'), dataIndex: 'username' },
    { key: 'nickname', title: t('subAccounts.nickname'), dataIndex: 'nickname' },
    { key: 'platformAccount', title: t('subAccounts.platformAccount'), dataIndex: 'platformAccount' },
    { key: 'profileCount', title: t('subAccounts.profileCount'), dataIndex: 'profileCount' },
    {
      key: 'groups',
      title: t('subAccounts.groups'),
      render: (_, row) =>
        row.groupGrants.length === 0 ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
          <Space size={[0, 4]} wrap data-testid={`sub-groups-${row.username}`}>
            {row.groupGrants.map((g) => (
              <Tag key={g.groupId} color={g.permission === 'run' ? 'default' : g.permission === 'edit' ? 'blue' : 'purple'}>
                {g.groupName} · {t(`sharing.permission.${g.permission}`)}
              </Tag>
            ))}
          </Space>
        ),
    },
    { key: 'addedAt', title: t('subAccounts.addedAt'), dataIndex: 'addedAt', render: (ms: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(ms)}</span> },
    {
      key: 'lastLoginAt',
      title: t('subAccounts.lastLoginAt'),
      dataIndex: 'lastLoginAt',
      render: (ms: number | null) =>
        ms === null ? <Typography.Text type="secondary">{t('subAccounts.never')}</Typography.Text> : <span style={{ whiteSpace: 'nowrap' }}>{formatDate(ms)}</span>,
    },
    {
      key: 'actions',
      title: t('subAccounts.actions'),
      width: 140,
      render: (_, sub) => (
        <Space>
          <Button type="link" size="small" onClick={() => setEditing(sub)} data-testid={`sub-edit-${sub.id}`}>
            {t('subAccounts.edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => setDeleting(sub)} data-testid={`sub-delete-${sub.id}`}>
            {t('subAccounts.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="screen-sub">
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('subAccounts.title')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="sub-create">
          {t('subAccounts.create')}
        </Button>
      </Flex>
      <Table<SubAccount>
        rowKey="id"
        columns={columns}
        dataSource={subAccounts.data?.list ?? []}
        loading={subAccounts.isLoading}
        pagination={false}
        onRow={(sub) => testId(`sub-row-${sub.id}`)}
        locale={{
          emptyText: (
            <Empty
              data-testid="sub-empty"
              description={
                <>
                  <Typography.Text strong>{t('subAccounts.emptyTitle')}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{t('subAccounts.emptyBody')}</Typography.Text>
                </>
              }
            />
          ),
        }}
      />
      {editing !== undefined ? <SubAccountDialog subAccount={editing} onClose={() => setEditing(undefined)} /> : null}
      {deleting ? <DeleteSubAccountDialog subAccount={deleting} onClose={() => setDeleting(undefined)} /> : null}
    </div>
  );
}
