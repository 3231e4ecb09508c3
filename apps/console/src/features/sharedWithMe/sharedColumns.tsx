import { MoreOutlined } from '@ant-design/icons';
import { permits, type ProfileRow } from '@facet/contracts';
import { Button, Dropdown, Flex, Space, Tag, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { actionCellStyle, actionColumnWidth } from '../../lib/columnWidth.ts';
import { GroupIcon } from '../groups/index.ts';
import { proxyText } from '../profiles/index.ts';
import { PermissionTag } from '../sharing/index.ts';

/** What a row's actions open; SharedPage shows the dialog. */
export type SharedDialogKind = 'edit' | 'cookies' | 'share' | 'members' | 'versions' | 'remote';

interface SharedColumnOptions {
  t: TFunction;
  formatDate: (ms: number) => string;
  renderLaunch: (row: ProfileRow) => ReactNode;
  onDialog: (kind: SharedDialogKind, row: ProfileRow) => void;
  /** The desktop client's "Check fingerprint"; absent in the browser version. */
  onCheck?: ((row: ProfileRow) => void) | undefined;
}

/** "No. 3 · the remark": what a row says under its name. */
function serialAndRemark(row: ProfileRow, t: TFunction): string {
  return [`${t('profiles.col.serial')} ${row.serial}`, row.remark].filter(Boolean).join(' · ');
}

/**
 * "Shared with me"'s columns, as narrow as they can be read: the number and remark under the
 * name, the permission under who shared it, so that OS and "Last used" fit beside them at
 * 1280 px (issue 36: they were pushed past the table's edge, even in English).
 */
export function sharedColumns({ t, formatDate, renderLaunch, onDialog, onCheck }: SharedColumnOptions): TableColumnsType<ProfileRow> {
  return [
    { key: 'launch', title: t('profiles.col.browser'), width: 112, fixed: 'start', render: (_, row) => renderLaunch(row) },
    {
      key: 'name',
      title: t('profiles.col.name'),
      width: 184,
      render: (_, row) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Flex gap={8} align="center" style={{ minWidth: 0 }}>
            <GroupIcon icon={row.iconId} size={24} />
            <Typography.Text ellipsis={{ tooltip: row.name }} style={{ minWidth: 0 }}>
              {row.name}
            </Typography.Text>
          </Flex>
          <Typography.Text type="secondary" ellipsis={{ tooltip: serialAndRemark(row, t) }} style={{ fontSize: 12 }}>
            {serialAndRemark(row, t)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'sharer',
      title: t('sharing.sharer'),
      width: 136,
      render: (_, row) => (
        <Flex vertical gap={2} align="flex-start" style={{ minWidth: 0 }}>
          <Typography.Text ellipsis={{ tooltip: row.sharer?.name }} style={{ maxWidth: '100%' }}>
            {row.sharer?.name ?? ''}
          </Typography.Text>
          {row.permission ? <PermissionTag permission={row.permission} wrap /> : null}
        </Flex>
      ),
    },
    { key: 'proxy', title: t('profiles.col.proxy'), width: 144, ellipsis: true, onCell: (row) => ({ title: proxyText(row.proxy, t) }), render: (_, row) => proxyText(row.proxy, t) },
    { key: 'os', title: t('profiles.col.os'), width: 88, render: (_, row) => <Tag>{t(`profiles.os.${row.os}`)}</Tag> },
    {
      key: 'lastUsedAt',
      title: t('profiles.col.lastUsed'),
      width: 120,
      render: (_, row) => (row.lastUsedAt === null ? <Typography.Text type="secondary">{t('common.never')}</Typography.Text> : formatDate(row.lastUsedAt)),
    },
    {
      key: 'actions',
      title: t('profiles.col.actions'),
      width: actionColumnWidth([t('profiles.edit')]),
      onCell: () => ({ style: actionCellStyle }),
      onHeaderCell: () => ({ style: actionCellStyle }),
      fixed: 'end',
      render: (_, row) => <SharedActions row={row} t={t} onDialog={onDialog} onCheck={onCheck} />,
    },
  ];
}

/**
 * Edit at hand (where the permission allows it); cookies, sharing, saved versions and the
 * fingerprint check under "More", so the column keeps to its labels' width in every language.
 */
export function SharedActions({ row, t, onDialog, onCheck }: Pick<SharedColumnOptions, 't' | 'onDialog' | 'onCheck'> & { row: ProfileRow }) {
  const canEdit = permits(row.permission, 'edit');
  const full = permits(row.permission, 'full');
  const item = (key: string, label: string) => ({ key, label: <span data-testid={`shared-${key}-${row.id}`}>{label}</span> });
  const items = [
    item('remote', t('remote.openRemotely')),
    ...(canEdit ? [item('cookies', t('profiles.cookies'))] : []),
    ...(full ? [item('share', t('sharing.share')), item('members', t('sharing.manage'))] : []),
    item('versions', t('syncState.versions.open')),
    ...(onCheck ? [item('check', t('profiles.checkFingerprint'))] : []),
  ];
  return (
    <Space size={0}>
      {canEdit ? (
        <Button type="link" size="small" onClick={() => onDialog('edit', row)} data-testid={`shared-edit-${row.id}`}>
          {t('profiles.edit')}
        </Button>
      ) : null}
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{ items, onClick: ({ key }) => (key === 'check' ? onCheck?.(row) : onDialog(key as SharedDialogKind, row)) }}
      >
        <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('profiles.more')} data-testid={`shared-more-${row.id}`} />
      </Dropdown>
    </Space>
  );
}
