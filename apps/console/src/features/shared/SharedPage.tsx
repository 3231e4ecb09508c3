import { limits, permits, sharedListCall, UNGROUPED_ID, type ListQuery, type ProfileRow } from '@facet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { testId } from '../../lib/testId.ts';
import { useDateTimeFormat } from '../../lib/useDateTimeFormat.ts';
import { BrowserCell } from '../browsers/BrowserCell.tsx';
import { useCheckFingerprint } from '../browsers/useCheckFingerprint.ts';
import { useRunningBrowsers } from '../browsers/useRunningBrowsers.ts';
import { CookieDialog } from '../cookies/CookieDialog.tsx';
import { GroupIcon } from '../groups/GroupIcon.tsx';
import { ProfileFormDrawer } from '../profiles/ProfileFormDrawer.tsx';
import { proxyText } from '../profiles/proxyText.ts';
import { ShareDialog } from '../profiles/ShareDialog.tsx';
import { PermissionTag } from '../sharing/PermissionTag.tsx';
import { ShareMembersDialog } from '../sharing/ShareMembersDialog.tsx';
import { PageTitle } from '../shell/PageTitle.tsx';
import { SavedVersionsDialog } from '../sync/SavedVersionsDialog.tsx';
import { useSyncProgress } from '../sync/useSyncProgress.ts';
import { whileOpenSomewhere } from '../sync/runningElsewhere.ts';

type Dialog = { kind: 'edit' | 'cookies' | 'share' | 'members' | 'versions'; row: ProfileRow } | null;

/**
 * /wel/share: profiles other accounts shared with this one (or granted by group), with who gave
 * each and what it allows. In the desktop client each opens and closes here like one's own; what
 * else a row offers follows its permission, and the server enforces the same.
 */
export default function SharedPage() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const formatDate = useDateTimeFormat();
  const running = useRunningBrowsers();
  const syncing = useSyncProgress();
  const checkFingerprint = useCheckFingerprint();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [query, setQuery] = useState<ListQuery>({ page: 1, limit: 20, search: '', sort: 'serial', order: 'desc' });
  const shared = useQuery({
    queryKey: ['profiles', 'shared', query],
    queryFn: () => runtime.api.call(sharedListCall, query),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => whileOpenSomewhere(current.state.data),
  });

  const launch: TableColumnsType<ProfileRow> = [
    {
      key: 'launch',
      title: t('profiles.col.browser'),
      width: 150,
      fixed: 'start',
      render: (_, row) => <BrowserCell row={row} launch={runtime.bridge !== null} running={running.get(row.id)} syncing={syncing.get(row.id)} />,
    },
  ];
  const columns: TableColumnsType<ProfileRow> = [
    ...launch,
    { key: 'serial', title: t('profiles.col.serial'), dataIndex: 'serial', width: 80 },
    {
      key: 'name',
      title: t('profiles.col.name'),
      width: 200,
      render: (_, row) => (
        <Typography.Text>
          <GroupIcon icon={row.iconId} size={24} /> {row.name}
        </Typography.Text>
      ),
    },
    { key: 'sharer', title: t('sharing.sharer'), width: 140, render: (_, row) => row.sharer?.name ?? '' },
    { key: 'permission', title: t('sharing.permissionLabel'), width: 130, render: (_, row) => (row.permission ? <PermissionTag permission={row.permission} /> : null) },
    { key: 'proxy', title: t('profiles.col.proxy'), width: 200, ellipsis: true, render: (_, row) => proxyText(row.proxy, t) },
    { key: 'os', title: t('profiles.col.os'), width: 100, render: (_, row) => <Tag>{t(`profiles.os.${row.os}`)}</Tag> },
    { key: 'remark', title: t('profiles.col.remark'), dataIndex: 'remark', ellipsis: true },
    {
      key: 'lastUsedAt',
      title: t('profiles.col.lastUsed'),
      width: 170,
      render: (_, row) => (row.lastUsedAt === null ? <Typography.Text type="secondary">{t('common.never')}</Typography.Text> : formatDate(row.lastUsedAt)),
    },
    {
      key: 'actions',
      title: t('profiles.col.actions'),
      width: 260,
      fixed: 'end',
      render: (_, row) => (
        <Space size={0} wrap>
          {permits(row.permission, 'edit') ? (
            <>
              <Button type="link" size="small" onClick={() => setDialog({ kind: 'edit', row })} data-testid={`shared-edit-${row.id}`}>
                {t('profiles.edit')}
              </Button>
              <Button type="link" size="small" onClick={() => setDialog({ kind: 'cookies', row })} data-testid={`shared-cookies-${row.id}`}>
                {t('profiles.cookies')}
              </Button>
            </>
          ) : null}
          {permits(row.permission, 'full') ? (
            <>
              <Button type="link" size="small" onClick={() => setDialog({ kind: 'share', row })} data-testid={`shared-share-${row.id}`}>
                {t('sharing.share')}
              </Button>
              <Button type="link" size="small" onClick={() => setDialog({ kind: 'members', row })} data-testid={`shared-members-${row.id}`}>
                {t('sharing.manage')}
              </Button>
            </>
          ) : null}
          <Button type="link" size="small" onClick={() => setDialog({ kind: 'versions', row })} data-testid={`shared-versions-${row.id}`}>
            {t('syncState.versions.open')}
          </Button>
          {checkFingerprint ? (
            <Button type="link" size="small" onClick={() => void checkFingerprint(row.id)} data-testid={`shared-check-${row.id}`}>
              {t('profiles.checkFingerprint')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="screen-share">
      <PageTitle>{t('sharing.sharedWithMe')}</PageTitle>
      <Input.Search
        allowClear
        placeholder={t('profiles.searchPlaceholder')}
        onSearch={(search) => setQuery((q) => ({ ...q, page: 1, search: search.trim() }))}
        style={{ width: 300, marginBottom: 12 }}
        data-testid="shared-search"
      />
      <Table<ProfileRow>
        rowKey="id"
        columns={columns}
        dataSource={shared.data?.list ?? []}
        loading={shared.isFetching}
        scroll={{ x: 'max-content' }}
        onRow={(row) => testId(`shared-row-${row.id}`)}
        locale={{ emptyText: <Empty description={t('sharing.sharedEmpty')} /> }}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: shared.data?.total ?? 0,
          pageSizeOptions: limits.pageSizes.map(String),
          showSizeChanger: true,
          onChange: (page, pageSize) => setQuery((q) => ({ ...q, page: pageSize !== q.limit ? 1 : page, limit: pageSize as ListQuery['limit'] })),
        }}
      />
      {dialog?.kind === 'edit' ? <ProfileFormDrawer profileId={dialog.row.id} defaultGroupId={UNGROUPED_ID} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'cookies' ? <CookieDialog profileId={dialog.row.id} name={dialog.row.name} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'share' ? <ShareDialog ids={[dialog.row.id]} onClose={() => setDialog(null)} onDone={() => setDialog(null)} /> : null}
      {dialog?.kind === 'versions' ? (
        <SavedVersionsDialog profileId={dialog.row.id} name={dialog.row.name} openOn={dialog.row.runningOn} canRestore={permits(dialog.row.permission, 'edit')} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'members' ? <ShareMembersDialog ids={[dialog.row.id]} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
