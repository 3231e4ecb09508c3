import { permits, UNGROUPED_ID, type ListQuery, type ProfileRow } from '@facet/contracts';
import { Button, Empty, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { testId } from '../../lib/testId.ts';
import { BrowserBatchDialog, BrowserCell, useBrowserBatch, useCheckFingerprint, useRunningBrowsers } from '../browsers/index.ts';
import { useDateTimeFormat } from '../../lib/useDateTimeFormat.ts';
import { ALL_GROUPS } from '../groups/index.ts';
import { profileColumns, RowActions } from './profileColumns.tsx';
import { ProfileCards } from './ProfileCards.tsx';
import { proxyText } from './proxyText.ts';
import { useScreenWidth } from '../../ui/useScreenWidth.ts';
import { ProfileListToolbar } from './ProfileListToolbar.tsx';
import { useProfilePage } from './profileQueries.ts';
import { ProfileSelectionBar } from './ProfileSelectionBar.tsx';
import { useDeleteProfiles } from './useDeleteProfiles.ts';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { readJson, storageKeys, writeJson } from '../../lib/storage.ts';
import { useMember } from '../auth/index.ts';
import { sanitizeColumnSettings, type ColumnSetting } from './columnSettings.ts';
import { useSyncProgress } from '../sync/index.ts';
import { SynchronizerStatusButton } from '../synchronizer/index.ts';
import { usePreloadWhenIdle } from '../../lib/deferred.tsx';
import { ArrangeWindowsDialog, BatchCreateDialog, ColumnSettingsDialog, CookieDialog, ImportDialog, OpenRemotelyDialog, ProfileFormDrawer, ProxyListDialog, SavedVersionsDialog, ShareMembersDialog, SynchronizeDialog, SynchronizerPanel, TagManagerDialog, profileDialogs } from './profileDialogs.ts';
import { listPagination } from '../../ui/listPagination.ts';

/** antd's checkbox column, which the table adds before the others. */
const SELECTION_COLUMN_WIDTH = 48;

const firstPage: ListQuery = { page: 1, limit: 20, search: '', sort: 'serial', order: 'desc' };

/** /wel/browser: the account's profiles, paged, searched, filtered and sorted by the server. */
export default function ProfileListPage() {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  const [query, setQuery] = useState<ListQuery>(firstPage);
  const [groupFilter, setGroupFilter] = useState(ALL_GROUPS);
  const [selected, setSelected] = useState<string[]>([]);
  // Names of the rows ever selected, for a batch's failures (a selection spans pages).
  const [selectedNames, setSelectedNames] = useState(() => new Map<string, string>());
  // The windows to arrange: the selected profiles', or (null) every running one's.
  const [arranging, setArranging] = useState<{ ids: string[] | null } | null>(null);
  // The selection the window synchronizer's start dialog is open for, and whether its panel shows.
  const [synchronizing, setSynchronizing] = useState<string[] | null>(null);
  const [synchronizerOpen, setSynchronizerOpen] = useState(false);
  // undefined: form closed; null: creating; an id: editing that profile.
  const [editing, setEditing] = useState<string | null | undefined>(undefined);
  const [batchOpen, setBatchOpen] = useState(false);
  const [cookiesOf, setCookiesOf] = useState<ProfileRow | null>(null);
  const [membersOf, setMembersOf] = useState<string[] | null>(null);
  const [versionsOf, setVersionsOf] = useState<ProfileRow | null>(null);
  const [remoteOf, setRemoteOf] = useState<ProfileRow | null>(null);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [tagsOpen, setTagsOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [proxiesOpen, setProxiesOpen] = useState(false);
  const member = useMember();
  const columnsKey = storageKeys.profileColumns(member.data?.id ?? '');
  const [columnSettings, setColumnSettings] = useState<ColumnSetting[]>(() => sanitizeColumnSettings(readJson(columnsKey)));
  const list = useProfilePage(query);
  usePreloadWhenIdle(profileDialogs, list.isSuccess);
  // A deleted row leaves the selection; the other selected rows stay selected.
  const removeOne = useDeleteProfiles((ids) => setSelected((current) => current.filter((id) => !ids.includes(id))));

  const runtime = useRuntime();
  const running = useRunningBrowsers();
  const syncing = useSyncProgress();
  const batch = useBrowserBatch();
  const checkFingerprint = useCheckFingerprint();
  const phone = useScreenWidth() === 'phone';
  const rowHandlers = {
    t,
    onEdit: (row: ProfileRow) => setEditing(row.id),
    onDelete: (row: ProfileRow) => removeOne.mutate([row.id]),
    onCookies: (row: ProfileRow) => setCookiesOf(row),
    onMembers: (row: ProfileRow) => setMembersOf([row.id]),
    onVersions: (row: ProfileRow) => setVersionsOf(row),
    onRemote: (row: ProfileRow) => setRemoteOf(row),
    onCheck: checkFingerprint ? (row: ProfileRow) => void checkFingerprint(row.id) : undefined,
  };
  const renderLaunch = (row: ProfileRow) => <BrowserCell row={row} launch={runtime.bridge !== null} running={running.get(row.id)} syncing={syncing.get(row.id)} onOpenRemotely={() => setRemoteOf(row)} />;
  const columns = profileColumns({ ...rowHandlers, formatDate, query, settings: columnSettings, renderLaunch });
  const totalText = (total: number) => t('profiles.total', { count: total });
  const paging = listPagination(query, list.data?.total ?? 0, { totalText });
  const select = (ids: string[], rows: ProfileRow[]) => {
    setSelected(ids);
    setSelectedNames((names) => new Map([...names, ...rows.map((row): [string, string] => [row.id, row.name])]));
  };
  const nameOf = (id: string) => selectedNames.get(id) || list.data?.list.find((row) => row.id === id)?.name || id;
  const newProfileGroup = groupFilter === ALL_GROUPS ? UNGROUPED_ID : groupFilter;
  const unfiltered = query.search === '' && groupFilter === ALL_GROUPS && !query.tagId;
  const empty = list.isSuccess && list.data.total === 0 && unfiltered;

  const filterByGroup = (groupId: string) => {
    setGroupFilter(groupId);
    setQuery((q) => ({ ...q, page: 1, groupId: groupId === ALL_GROUPS ? undefined : groupId }));
  };

  return (
    <div data-testid="screen-browser">
      <PageTitle>{t('profiles.title')}</PageTitle>
      <ProfileListToolbar
        search={query.search}
        onSearch={(search) => setQuery((q) => ({ ...q, page: 1, search }))}
        groupFilter={groupFilter}
        onGroupFilter={filterByGroup}
        tagFilter={query.tagId}
        onTagFilter={(tagId) => setQuery((q) => ({ ...q, page: 1, tagId }))}
        onManageTags={() => setTagsOpen(true)}
        onImport={() => setImportOpen(true)}
        onProxies={() => setProxiesOpen(true)}
        onCreate={() => setEditing(null)}
        onBatchCreate={() => setBatchOpen(true)}
        onColumns={() => setColumnsOpen(true)}
        onArrangeWindows={runtime.bridge ? () => setArranging({ ids: null }) : undefined}
        synchronizer={runtime.bridge ? <SynchronizerStatusButton onOpen={() => setSynchronizerOpen(true)} /> : undefined}
      />
      <ProfileSelectionBar
        ids={selected}
        onDone={() => setSelected([])}
        browsers={
          runtime.bridge
            ? {
                open: (ids) => void batch.begin('start', ids),
                close: (ids) => void batch.begin('stop', ids),
                // Those of the selection with a window now: the dialog counts them.
                arrange: (ids) => setArranging({ ids: ids.filter((id) => running.get(id)?.state === 'running' && !running.get(id)?.headless) }),
                synchronize: (ids) => setSynchronizing(ids),
              }
            : undefined
        }
      />
      {empty ? (
        <Empty description={t('profiles.empty')} data-testid="profiles-empty">
          <Button type="primary" onClick={() => setEditing(null)} data-testid="profile-empty-create">
            {t('profiles.create')}
          </Button>
        </Empty>
      ) : phone ? (
        <ProfileCards
          rows={list.data?.list ?? []}
          loading={list.isFetching}
          rowTestId={(row) => `profile-row-${row.id}`}
          facts={(row) => [`${t('profiles.col.serial')} ${row.serial}`, row.groupName || t('groups.ungrouped'), proxyText(row.proxy, t), t(`profiles.os.${row.os}`)]}
          launch={renderLaunch}
          actions={(row) => <RowActions row={row} {...rowHandlers} />}
          selection={{ selected, onChange: (row, on) => select(on ? [...selected, row.id] : selected.filter((id) => id !== row.id), on ? [row] : []) }}
          pagination={listPagination(query, list.data?.total ?? 0, { totalText, setQuery })}
          empty={<Empty description={t('profiles.noMatch')} />}
        />
      ) : (
        <Table<ProfileRow>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          // Exactly as wide as the chosen columns' widths (long texts end in "…" inside them), so
          // the defaults fit 1280 px and fixed columns never cover others.
          tableLayout="fixed"
          scroll={{ x: SELECTION_COLUMN_WIDTH + columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0) }}
          rowSelection={{
            columnWidth: SELECTION_COLUMN_WIDTH,
            selectedRowKeys: selected,
            onChange: (keys, rows) => select(keys.map(String), rows.filter(Boolean)),
            preserveSelectedRowKeys: true,
          }}
          onRow={(row) => testId(`profile-row-${row.id}`)}
          locale={{ emptyText: <Empty description={t('profiles.noMatch')} /> }}
          pagination={paging}
          onChange={(pagination, _filters, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const field = one?.order ? (one.columnKey as ListQuery['sort']) : firstPage.sort;
            const order = one?.order === 'ascend' ? 'asc' : 'desc';
            const limit = (pagination.pageSize ?? query.limit) as ListQuery['limit'];
            setQuery((q) => ({ ...q, limit, sort: field, order, page: limit !== q.limit ? 1 : (pagination.current ?? 1) }));
          }}
        />
      )}
      {editing !== undefined ? <ProfileFormDrawer profileId={editing} defaultGroupId={newProfileGroup} onClose={() => setEditing(undefined)} /> : null}
      {batchOpen ? <BatchCreateDialog defaultGroupId={newProfileGroup} onClose={() => setBatchOpen(false)} /> : null}
      {proxiesOpen ? <ProxyListDialog onClose={() => setProxiesOpen(false)} /> : null}
      {importOpen ? <ImportDialog onClose={() => setImportOpen(false)} /> : null}
      {tagsOpen ? <TagManagerDialog onClose={() => setTagsOpen(false)} /> : null}
      {columnsOpen ? (
        <ColumnSettingsDialog
          settings={columnSettings}
          onClose={() => setColumnsOpen(false)}
          onSave={(next) => {
            setColumnSettings(next);
            writeJson(columnsKey, next);
            setColumnsOpen(false);
          }}
        />
      ) : null}
      {membersOf ? <ShareMembersDialog ids={membersOf} onClose={() => setMembersOf(null)} /> : null}
      {arranging ? <ArrangeWindowsDialog profileIds={arranging.ids ?? undefined} onClose={() => setArranging(null)} /> : null}
      {synchronizing ? (
        <SynchronizeDialog
          ids={synchronizing}
          running={running}
          nameOf={nameOf}
          onOpenProfiles={(ids) => void batch.begin('start', ids)}
          onStarted={() => {
            setSynchronizing(null);
            setSynchronizerOpen(true);
          }}
          onClose={() => setSynchronizing(null)}
        />
      ) : null}
      {synchronizerOpen ? <SynchronizerPanel nameOf={nameOf} onClose={() => setSynchronizerOpen(false)} /> : null}
      <BrowserBatchDialog control={batch} nameOf={nameOf} />
      {versionsOf ? <SavedVersionsDialog profileId={versionsOf.id} name={versionsOf.name} openOn={versionsOf.runningOn} canRestore={permits(versionsOf.permission, 'edit')} onClose={() => setVersionsOf(null)} /> : null}
      {remoteOf ? <OpenRemotelyDialog profileId={remoteOf.id} profileName={remoteOf.name} onClose={() => setRemoteOf(null)} /> : null}
      {cookiesOf ? <CookieDialog profileId={cookiesOf.id} name={cookiesOf.name} onClose={() => setCookiesOf(null)} /> : null}
    </div>
  );
}
