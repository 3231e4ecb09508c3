import { limits, profileUnshareCall, shareMembersCall, sharePermissionCall, sharePermissions, type SharePermission } from '@facet/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Modal, Popconfirm, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';
import { useDateTimeFormat } from '../../lib/useDateTimeFormat.ts';
import { useRefreshProfileData } from '../groups/index.ts';
import { PermissionTag } from './PermissionTag.tsx';
import { shareRows, type ShareRow } from './shareRows.ts';

/**
 * Who the chosen profiles are shared with, one row per account: change a permission or revoke,
 * for one account or for the selected ones at once. The owner manages every share; someone a
 * profile is shared with in full manages the shares they made, and sees the others.
 */
export function ShareMembersDialog({ ids, onClose }: { ids: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { message } = App.useApp();
  const showError = useShowError();
  const refresh = useRefreshProfileData();
  const formatDate = useDateTimeFormat();
  const [selected, setSelected] = useState<string[]>([]);
  const members = useQuery({ queryKey: ['profiles', 'shareMembers', ids], queryFn: () => api.call(shareMembersCall, { ids }) });
  const rows = shareRows(members.data?.list ?? []);
  const after = async (key: string, changed: number) => {
    message.success(t(key, { count: changed }));
    setSelected([]);
    await Promise.all([members.refetch(), refresh()]);
  };
  // Each call names the accounts and every profile any of them has: pairs that are no share change nothing.
  const profilesOf = (accountIds: string[]) => [...new Set(rows.filter((r) => accountIds.includes(r.accountId)).flatMap((r) => r.profileIds))];
  const change = useMutation({
    mutationFn: ({ accountIds, permission }: { accountIds: string[]; permission: SharePermission }) => api.call(sharePermissionCall, { ids: profilesOf(accountIds), accountIds, permission }),
    onSuccess: ({ changed }) => after('sharing.permissionChanged', changed),
    onError: (error) => showError(error),
  });
  const revoke = useMutation({
    mutationFn: (accountIds: string[]) => api.call(profileUnshareCall, { ids: profilesOf(accountIds), accountIds }),
    onSuccess: ({ changed }) => after('sharing.revoked', changed),
    onError: (error) => showError(error),
  });
  const permissionOptions = sharePermissions.map((p) => ({ value: p, label: t(`sharing.permission.${p}`) }));

  const columns: TableColumnsType<ShareRow> = [
    { key: 'account', title: t('sharing.col.account'), dataIndex: 'name' },
    {
      key: 'permission',
      title: t('sharing.permissionLabel'),
      width: 170,
      render: (_, row) =>
        row.manageable ? (
          <Select<SharePermission>
            size="small"
            style={{ width: 150 }}
            value={row.permission === 'mixed' ? undefined : row.permission}
            placeholder={t('sharing.mixed')}
            options={permissionOptions}
            onChange={(permission) => change.mutate({ accountIds: [row.accountId], permission })}
            data-testid={`share-member-permission-${row.name}`}
          />
        ) : row.permission === 'mixed' ? (
          <Tag>{t('sharing.mixed')}</Tag>
        ) : (
          <PermissionTag permission={row.permission} />
        ),
    },
    ...(ids.length > 1 ? [{ key: 'profiles', title: t('sharing.col.profiles'), width: 90, render: (_: unknown, row: ShareRow) => row.profileIds.length }] : []),
    { key: 'sharedBy', title: t('sharing.sharer'), render: (_, row) => row.sharers.join(', ') },
    { key: 'since', title: t('sharing.col.since'), width: 170, render: (_, row) => formatDate(row.since) },
    {
      key: 'actions',
      title: t('profiles.col.actions'),
      width: 100,
      render: (_, row) =>
        row.manageable ? (
          <Popconfirm title={t('sharing.revokeConfirm', { name: row.name })} okButtonProps={{ danger: true, ...testId('share-revoke-confirm') }} onConfirm={() => revoke.mutate([row.accountId])}>
            <Button type="link" size="small" danger data-testid={`share-member-revoke-${row.name}`}>
              {t('sharing.revoke')}
            </Button>
          </Popconfirm>
        ) : (
          <Typography.Text type="secondary">{t('sharing.notYours')}</Typography.Text>
        ),
    },
  ];

  return (
    <Modal open width={Math.max(limits.dialogWidthPx, 760)} title={t('sharing.membersTitle', { count: ids.length })} footer={null} onCancel={onClose} destroyOnHidden>
      <div data-testid="share-members">
        {selected.length > 0 ? (
          <Flex gap={8} align="center" style={{ marginBottom: 12 }}>
            <Typography.Text>{t('profiles.selected', { count: selected.length })}</Typography.Text>
            <Select<SharePermission>
              style={{ width: 190 }}
              placeholder={t('sharing.changePermission')}
              options={permissionOptions}
              value={null as unknown as SharePermission}
              onChange={(permission) => change.mutate({ accountIds: selected, permission })}
              data-testid="share-members-batch-permission"
            />
            <Popconfirm title={t('sharing.revokeManyConfirm', { count: selected.length })} okButtonProps={{ danger: true, ...testId('share-revoke-many-confirm') }} onConfirm={() => revoke.mutate(selected)}>
              <Button danger loading={revoke.isPending} data-testid="share-members-batch-revoke">
                {t('sharing.revoke')}
              </Button>
            </Popconfirm>
          </Flex>
        ) : null}
        <Table<ShareRow>
          rowKey="accountId"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={members.isFetching || change.isPending || revoke.isPending}
          pagination={rows.length > 10 ? { pageSize: 10 } : false}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), getCheckboxProps: (row) => ({ disabled: !row.manageable }) }}
          onRow={(row) => testId(`share-member-${row.name}`)}
          locale={{ emptyText: <Empty description={t('sharing.membersEmpty')} /> }}
        />
      </div>
    </Modal>
  );
}
