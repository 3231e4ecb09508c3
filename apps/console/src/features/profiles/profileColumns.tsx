import { MoreOutlined } from '@ant-design/icons';
import type { ListQuery, OperatingSystem, ProfileRow } from '@facet/contracts';
import { App, Button, Dropdown, Flex, Space, Tag, Typography, type TableColumnsType } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { actionCellStyle, actionColumnWidth } from '../../lib/columnWidth.ts';
import { testId } from '../../lib/testId.ts';
import { GroupIcon } from '../groups/index.ts';
import { defaultWidths, type ColumnKey, type ColumnSetting } from './columnSettings.ts';
import { proxyText } from './proxyText.ts';

interface ColumnOptions {
  t: TFunction;
  formatDate: (ms: number) => string;
  query: ListQuery;
  /** Which columns show, in which order and how wide (columnSettings.ts). */
  settings: readonly ColumnSetting[];
  onEdit: (row: ProfileRow) => void;
  onDelete: (row: ProfileRow) => void;
  onCookies: (row: ProfileRow) => void;
  /** Who the profile is shared with, to change or revoke. */
  onMembers: (row: ProfileRow) => void;
  /** The "Browser" cell: open/close in the desktop client, where else the profile is open in both. */
  renderLaunch?: ((row: ProfileRow) => ReactNode) | undefined;
  /** The stored versions of the profile's state. */
  onVersions: (row: ProfileRow) => void;
  /** The desktop client's "Check fingerprint"; absent in the browser version. */
  onCheck?: ((row: ProfileRow) => void) | undefined;
  /** "Open remotely…": run the profile on a team host and watch it in a tab (features/remote). */
  onRemote: (row: ProfileRow) => void;
}

/** The browser list's columns; sorting is done by the server, so sort orders are controlled. */
export function profileColumns({ t, formatDate, query, settings, onEdit, onDelete, onCookies, onMembers, onVersions, renderLaunch, onCheck, onRemote }: ColumnOptions): TableColumnsType<ProfileRow> {
  const sortOrder = (field: ListQuery['sort']): SortOrder => (query.sort === field ? (query.order === 'asc' ? 'ascend' : 'descend') : null);
  const osLabel = (os: OperatingSystem) => t(`profiles.os.${os}`);
  const launch: TableColumnsType<ProfileRow> = renderLaunch ? [{ key: 'launch', title: t('profiles.col.browser'), width: 112, fixed: 'start', render: (_, row) => renderLaunch(row) }] : [];
  const all: Record<ColumnKey, TableColumnsType<ProfileRow>[number]> = {
    serial: { key: 'serial', title: t('profiles.col.serial'), dataIndex: 'serial', sorter: true, sortOrder: sortOrder('serial') },
    name: {
      key: 'name',
      title: t('profiles.col.name'),
      dataIndex: 'name',
      sorter: true,
      sortOrder: sortOrder('name'),
      // Tags under the name, as Dolphin shows them: no column of their own to fit into 1280 px.
      render: (_, row) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Flex gap={8} align="center" style={{ minWidth: 0 }}>
            <GroupIcon icon={row.iconId} size={24} />
            <Typography.Text ellipsis={{ tooltip: row.name }} style={{ minWidth: 0 }}>
              {row.name}
            </Typography.Text>
          </Flex>
          {row.tags.length > 0 ? (
            <Flex gap={2} wrap data-testid={`profile-tags-${row.id}`}>
              {row.tags.map((tag) => (
                <Tag key={tag.id} color={tag.color} style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '16px' }}>
                  {tag.name}
                </Tag>
              ))}
            </Flex>
          ) : null}
        </Flex>
      ),
    },
    group: { key: 'group', title: t('profiles.col.group'), dataIndex: 'groupName', ellipsis: true, render: (_, row) => row.groupName || t('groups.ungrouped') },
    proxy: {
      key: 'proxy',
      title: t('profiles.col.proxy'),
      ellipsis: true,
      // The whole address on hover: a long host ends in "…".
      onCell: (row) => ({ title: proxyText(row.proxy, t) }),
      render: (_, row) => <Typography.Text type={row.proxy.type === 'none' ? 'secondary' : undefined}>{proxyText(row.proxy, t)}</Typography.Text>,
    },
    os: { key: 'os', title: t('profiles.col.os'), dataIndex: 'os', render: (_, row) => <Tag>{osLabel(row.os)}</Tag> },
    remark: { key: 'remark', title: t('profiles.col.remark'), dataIndex: 'remark', ellipsis: true, onCell: (row) => ({ title: row.remark }) },
    lastUsedAt: {
      key: 'lastUsedAt',
      title: t('profiles.col.lastUsed'),
      dataIndex: 'lastUsedAt',
      sorter: true,
      sortOrder: sortOrder('lastUsedAt'),
      render: (_, row) => (row.lastUsedAt === null ? <Typography.Text type="secondary">{t('common.never')}</Typography.Text> : formatDate(row.lastUsedAt)),
    },
    members: {
      key: 'members',
      title: t('profiles.col.sharedWith'),
      dataIndex: 'memberCount',
      render: (_, row) =>
        row.memberCount > 0 ? (
          <Button type="link" size="small" onClick={() => onMembers(row)} aria-label={t('sharing.manage')} data-testid={`profile-members-${row.id}`}>
            {row.memberCount}
          </Button>
        ) : (
          <Typography.Text type="secondary">0</Typography.Text>
        ),
    },
  };
  const chosen = settings.filter((s) => s.visible).map((s) => ({ ...all[s.key], width: s.width ?? defaultWidths[s.key] }));
  return [
    ...launch,
    ...chosen,
    {
      key: 'actions',
      title: t('profiles.col.actions'),
      width: actionColumnWidth([t('profiles.edit'), t('profiles.cookies')]),
      onCell: () => ({ style: actionCellStyle }),
      onHeaderCell: () => ({ style: actionCellStyle }),
      fixed: 'end',
      render: (_, row) => <RowActions row={row} t={t} onEdit={onEdit} onDelete={onDelete} onCookies={onCookies} onMembers={onMembers} onVersions={onVersions} onCheck={onCheck} onRemote={onRemote} />,
    },
  ];
}

/** Edit and Cookies at hand; the rest under "More", so the column stays narrow enough for 1280 px. */
export function RowActions({ row, t, onEdit, onDelete, onCookies, onMembers, onVersions, onCheck, onRemote }: Pick<ColumnOptions, 't' | 'onEdit' | 'onDelete' | 'onCookies' | 'onMembers' | 'onVersions' | 'onCheck' | 'onRemote'> & { row: ProfileRow }) {
  const { modal } = App.useApp();
  const confirmDelete = () =>
    modal.confirm({
      title: t('profiles.deleteOneConfirm', { name: row.name }),
      content: t('profiles.deleteHint'),
      okText: t('profiles.delete'),
      okButtonProps: { danger: true, ...testId('profile-delete-confirm') },
      onOk: () => onDelete(row),
    });
  const items = [
    { key: 'remote', label: <span data-testid={`profile-remote-${row.id}`}>{t('remote.openRemotely')}</span> },
    ...(onCheck ? [{ key: 'check', label: <span data-testid={`profile-check-${row.id}`}>{t('profiles.checkFingerprint')}</span> }] : []),
    { key: 'members', label: <span data-testid={`profile-manage-sharing-${row.id}`}>{t('sharing.manage')}</span> },
    { key: 'versions', label: <span data-testid={`profile-versions-${row.id}`}>{t('syncState.versions.open')}</span> },
    { type: 'divider' as const },
    { key: 'delete', danger: true, label: <span data-testid={`profile-delete-${row.id}`}>{t('profiles.delete')}</span> },
  ];
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => onEdit(row)} data-testid={`profile-edit-${row.id}`}>
        {t('profiles.edit')}
      </Button>
      <Button type="link" size="small" onClick={() => onCookies(row)} data-testid={`profile-cookies-${row.id}`}>
        {t('profiles.cookies')}
      </Button>
      <Dropdown
        trigger={['click']}
        // Opens leftwards from the table's right edge: the menu stays inside the window.
        placement="bottomRight"
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'remote') onRemote(row);
            else if (key === 'check') onCheck?.(row);
            else if (key === 'members') onMembers(row);
            else if (key === 'versions') onVersions(row);
            else if (key === 'delete') confirmDelete();
          },
        }}
      >
        <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('profiles.more')} data-testid={`profile-more-${row.id}`} />
      </Dropdown>
    </Space>
  );
}
