import type { ListQuery, OperatingSystem, ProfileRow } from '@facet/contracts';
import { Button, Popconfirm, Space, Tag, Typography, type TableColumnsType } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { testId } from '../../lib/testId.ts';
import { GroupIcon } from '../groups/GroupIcon.tsx';
import { proxyText } from './proxyText.ts';

interface ColumnOptions {
  t: TFunction;
  formatDate: (ms: number) => string;
  query: ListQuery;
  onEdit: (row: ProfileRow) => void;
  onDelete: (row: ProfileRow) => void;
  onCookies: (row: ProfileRow) => void;
  /** Who the profile is shared with, to change or revoke. */
  onMembers: (row: ProfileRow) => void;
  /** The desktop client's open/close control; absent in the browser version. */
  renderLaunch?: ((row: ProfileRow) => ReactNode) | undefined;
  /** The desktop client's "Check fingerprint"; absent in the browser version. */
  onCheck?: ((row: ProfileRow) => void) | undefined;
}

/** The browser list's columns; sorting is done by the server, so sort orders are controlled. */
export function profileColumns({ t, formatDate, query, onEdit, onDelete, onCookies, onMembers, renderLaunch, onCheck }: ColumnOptions): TableColumnsType<ProfileRow> {
  const sortOrder = (field: ListQuery['sort']): SortOrder => (query.sort === field ? (query.order === 'asc' ? 'ascend' : 'descend') : null);
  const osLabel = (os: OperatingSystem) => t(`profiles.os.${os}`);
  const launch: TableColumnsType<ProfileRow> = renderLaunch ? [{ key: 'launch', title: t('profiles.col.browser'), width: 150, fixed: 'start', render: (_, row) => renderLaunch(row) }] : [];
  return [
    ...launch,
    { key: 'serial', title: t('profiles.col.serial'), dataIndex: 'serial', width: 90, sorter: true, sortOrder: sortOrder('serial') },
    {
      key: 'name',
      title: t('profiles.col.name'),
      dataIndex: 'name',
      width: 220,
      sorter: true,
      sortOrder: sortOrder('name'),
      render: (_, row) => (
        <Space>
          <GroupIcon icon={row.iconId} size={24} />
          <Typography.Text>{row.name}</Typography.Text>
        </Space>
      ),
    },
    { key: 'group', title: t('profiles.col.group'), dataIndex: 'groupName', width: 150, ellipsis: true, render: (_, row) => row.groupName || t('groups.ungrouped') },
    {
      key: 'proxy',
      title: t('profiles.col.proxy'),
      width: 230,
      ellipsis: true,
      render: (_, row) => <Typography.Text type={row.proxy.type === 'none' ? 'secondary' : undefined}>{proxyText(row.proxy, t)}</Typography.Text>,
    },
    { key: 'os', title: t('profiles.col.os'), dataIndex: 'os', width: 110, render: (_, row) => <Tag>{osLabel(row.os)}</Tag> },
    { key: 'remark', title: t('profiles.col.remark'), dataIndex: 'remark', width: 180, ellipsis: true },
    {
      key: 'lastUsedAt',
      title: t('profiles.col.lastUsed'),
      dataIndex: 'lastUsedAt',
      width: 180,
      sorter: true,
      sortOrder: sortOrder('lastUsedAt'),
      render: (_, row) => (row.lastUsedAt === null ? <Typography.Text type="secondary">{t('common.never')}</Typography.Text> : formatDate(row.lastUsedAt)),
    },
    {
      key: 'members',
      title: t('profiles.col.sharedWith'),
      dataIndex: 'memberCount',
      width: 110,
      render: (_, row) =>
        row.memberCount > 0 ? (
          <Button type="link" size="small" onClick={() => onMembers(row)} aria-label={t('sharing.manage')} data-testid={`profile-members-${row.id}`}>
            {row.memberCount}
          </Button>
        ) : (
          <Typography.Text type="secondary">0</Typography.Text>
        ),
    },
    {
      key: 'actions',
      title: t('profiles.col.actions'),
      width: onCheck ? 330 : 210,
      fixed: 'end',
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onEdit(row)} data-testid={`profile-edit-${row.id}`}>
            {t('profiles.edit')}
          </Button>
          <Button type="link" size="small" onClick={() => onCookies(row)} data-testid={`profile-cookies-${row.id}`}>
            {t('profiles.cookies')}
          </Button>
          {onCheck ? (
            <Button type="link" size="small" onClick={() => onCheck(row)} data-testid={`profile-check-${row.id}`}>
              {t('profiles.checkFingerprint')}
            </Button>
          ) : null}
          <Popconfirm
            title={t('profiles.deleteOneConfirm', { name: row.name })}
            description={t('profiles.deleteHint')}
            okButtonProps={{ danger: true, ...testId('profile-delete-confirm') }}
            onConfirm={() => onDelete(row)}
          >
            <Button type="link" size="small" danger data-testid={`profile-delete-${row.id}`}>
              {t('profiles.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
}
