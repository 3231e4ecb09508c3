import { permits, sharedListCall, UNGROUPED_ID, type ListQuery, type ProfileRow } from '@facet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Input, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { testId } from '../../lib/testId.ts';
import { useDateTimeFormat } from '../../lib/useDateTimeFormat.ts';
import { BrowserCell, useCheckFingerprint, useRunningBrowsers } from '../browsers/index.ts';
import { CookieDialog } from '../cookies/index.ts';
import { loadOpenRemotelyDialog } from '../remote/index.ts';
import { deferred } from '../../lib/deferred.tsx';
import { ProfileCards, ProfileFormDrawer, proxyText, ShareDialog } from '../profiles/index.ts';
import { PermissionTag, ShareMembersDialog } from '../sharing/index.ts';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { SavedVersionsDialog, useSyncProgress, whileOpenSomewhere } from '../sync/index.ts';
import { useScreenWidth } from '../../ui/useScreenWidth.ts';
import { sharedColumns, SharedActions, type SharedDialogKind } from './sharedColumns.tsx';
import { listPagination } from '../../ui/listPagination.ts';

// Opened from the open button's menu on demand (lib/deferred.tsx).
const OpenRemotelyDialog = deferred(loadOpenRemotelyDialog);

type Dialog = { kind: SharedDialogKind; row: ProfileRow } | null;

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
  const phone = useScreenWidth() === 'phone';
  const [query, setQuery] = useState<ListQuery>({ page: 1, limit: 20, search: '', sort: 'serial', order: 'desc' });
  const shared = useQuery({
    queryKey: ['profiles', 'shared', query],
    queryFn: () => runtime.api.call(sharedListCall, query),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => whileOpenSomewhere(current.state.data),
  });

  const renderLaunch = (row: ProfileRow) => <BrowserCell row={row} launch={runtime.bridge !== null} running={running.get(row.id)} syncing={syncing.get(row.id)} onOpenRemotely={() => setDialog({ kind: 'remote', row })} />;
  const onDialog = (kind: SharedDialogKind, row: ProfileRow) => setDialog({ kind, row });
  const onCheck = checkFingerprint ? (row: ProfileRow) => void checkFingerprint(row.id) : undefined;
  const columns = sharedColumns({ t, formatDate, renderLaunch, onDialog, onCheck });
  const paging = listPagination(query, shared.data?.total ?? 0, { setQuery });

  return (
    <div data-testid="screen-share">
      <PageTitle>{t('sharing.sharedWithMe')}</PageTitle>
      <Input.Search
        allowClear
        placeholder={t('profiles.searchPlaceholder')}
        onSearch={(search) => setQuery((q) => ({ ...q, page: 1, search: search.trim() }))}
        style={{ width: 300, maxWidth: '100%', marginBottom: 12 }}
        data-testid="shared-search"
      />
      {phone ? (
        <ProfileCards
          rows={shared.data?.list ?? []}
          loading={shared.isFetching}
          rowTestId={(row) => `shared-row-${row.id}`}
          facts={(row) => [`${t('profiles.col.serial')} ${row.serial}`, row.sharer?.name ?? '', row.permission ? <PermissionTag permission={row.permission} wrap /> : null, proxyText(row.proxy, t), t(`profiles.os.${row.os}`)]}
          launch={renderLaunch}
          actions={(row) => <SharedActions row={row} t={t} onDialog={onDialog} onCheck={onCheck} />}
          pagination={paging}
          empty={<Empty description={t('sharing.sharedEmpty')} />}
        />
      ) : (
        <Table<ProfileRow>
          rowKey="id"
          columns={columns}
          dataSource={shared.data?.list ?? []}
          loading={shared.isFetching}
          // As the browser list: exactly the columns' widths, which fit 1280 px in every language.
          tableLayout="fixed"
          scroll={{ x: columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0) }}
          onRow={(row) => testId(`shared-row-${row.id}`)}
          locale={{ emptyText: <Empty description={t('sharing.sharedEmpty')} /> }}
          pagination={paging}
        />
      )}
      {dialog?.kind === 'edit' ? <ProfileFormDrawer profileId={dialog.row.id} defaultGroupId={UNGROUPED_ID} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'cookies' ? <CookieDialog profileId={dialog.row.id} name={dialog.row.name} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'share' ? <ShareDialog ids={[dialog.row.id]} onClose={() => setDialog(null)} onDone={() => setDialog(null)} /> : null}
      {dialog?.kind === 'versions' ? (
        <SavedVersionsDialog profileId={dialog.row.id} name={dialog.row.name} openOn={dialog.row.runningOn} canRestore={permits(dialog.row.permission, 'edit')} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'remote' ? <OpenRemotelyDialog profileId={dialog.row.id} profileName={dialog.row.name} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'members' ? <ShareMembersDialog ids={[dialog.row.id]} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
