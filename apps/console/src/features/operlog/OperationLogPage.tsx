import { limits, operationLogListCall, type OperationLogEntry } from '@facet/contracts';
import { Alert, Button, DatePicker, Empty, Flex, Input, Select, Table, Tag, type TableColumnsType } from 'antd';
import { useMemo, useState, type HTMLAttributes } from 'react';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { download } from '../../lib/download.ts';
import { useShowError } from '../../lib/showError.ts';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../lib/Preferences.tsx';
import { useDateTimeFormat } from '../../lib/useDateTimeFormat.ts';
import { useMember } from '../auth/index.ts';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { useSubAccounts } from '../subAccounts/index.ts';
import { entryText } from './entryText.ts';
import { EXPORT_MAX_ENTRIES, csvFile } from './operationLogCsv.ts';
import { useOperationLogPage, type OperationLogQuery } from './operationLogQueries.ts';
import { errorText } from '../../lib/errorText.ts';
import { listPagination } from '../../ui/listPagination.ts';

/** The account filter's value for "every account"; never sent to the server. */
const ALL_ACCOUNTS = 'all';

const firstPage: OperationLogQuery = { page: 1, limit: 20, keyword: '' };

/** /wel/account/operlog: who changed what in the team, from which machine, when (main accounts only). */
export default function OperationLogPage() {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const formatDate = useDateTimeFormat();
  const member = useMember();
  const subAccounts = useSubAccounts();
  const [query, setQuery] = useState<OperationLogQuery>(firstPage);
  const log = useOperationLogPage(query);
  const { api } = useRuntime();
  const showError = useShowError();
  const [exporting, setExporting] = useState(false);
  const joinList = useMemo(() => {
    const format = new Intl.ListFormat(language.tag, { type: 'conjunction' });
    return (items: string[]) => format.format(items);
  }, [language.tag]);

  // Every filter change goes back to the first page.
  const filter = (change: Partial<OperationLogQuery>) => setQuery((q) => ({ ...q, ...change, page: 1 }));
  const filtered = query.keyword !== '' || query.accountId !== undefined || query.from !== undefined;
  const mainId = member.data?.id;

  const accountOptions = [
    { value: ALL_ACCOUNTS, label: t('operlog.allAccounts') },
    ...(member.data ? [{ value: member.data.id, label: t('operlog.mainAccountOption', { name: member.data.name }) }] : []),
    ...(subAccounts.data?.list ?? []).map((sub) => ({ value: sub.id, label: sub.nickname ? `${sub.username} (${sub.nickname})` : sub.username })),
  ];

  const columns: TableColumnsType<OperationLogEntry> = [
    { key: 'createdAt', title: t('operlog.col.date'), dataIndex: 'createdAt', width: 190, render: (ms: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(ms)}</span> },
    {
      key: 'account',
      title: t('operlog.col.account'),
      width: 200,
      render: (_, entry) => (
        <Flex gap={6} align="center" wrap>
          <span>{entry.account.name}</span>
          {entry.account.id === mainId ? <Tag style={{ marginInlineEnd: 0 }}>{t('operlog.mainAccount')}</Tag> : null}
        </Flex>
      ),
    },
    { key: 'machine', title: t('operlog.col.machine'), dataIndex: 'machine', width: 220 },
    { key: 'content', title: t('operlog.col.content'), render: (_, entry) => entryText(entry, { t, formatDate, joinList }) },
  ];

  /** What the filters show, every page of it (up to EXPORT_MAX_ENTRIES), as a CSV file in the console's language. */
  const exportShown = async () => {
    setExporting(true);
    try {
      const limit = limits.pageSizes[limits.pageSizes.length - 1]!;
      const entries: OperationLogEntry[] = [];
      for (let page = 1; entries.length < EXPORT_MAX_ENTRIES; page++) {
        const { list, total } = await api.call(operationLogListCall, { ...query, page, limit });
        entries.push(...list);
        if (list.length < limit || entries.length >= total) break;
      }
      const header = [t('operlog.col.date'), t('operlog.col.account'), t('operlog.col.machine'), t('operlog.col.content')];
      const rows = entries.slice(0, EXPORT_MAX_ENTRIES).map((entry) => [formatDate(entry.createdAt), entry.account.name, entry.machine, entryText(entry, { t, formatDate, joinList })]);
      download(`operation-log-${new Date().toISOString().slice(0, 10)}.csv`, new Blob([csvFile(header, rows)], { type: 'text/csv;charset=utf-8' }));
    } catch (error) {
      showError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div data-testid="operlog-page">
      <PageTitle>{t('operlog.title')}</PageTitle>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('operlog.keywordPlaceholder')} onSearch={(text) => filter({ keyword: text.trim() })} style={{ width: 300 }} data-testid="operlog-keyword" />
        <Select
          value={query.accountId ?? ALL_ACCOUNTS}
          onChange={(value: string) => filter({ accountId: value === ALL_ACCOUNTS ? undefined : value })}
          options={accountOptions}
          loading={subAccounts.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 220 }}
          aria-label={t('operlog.col.account')}
          data-testid="operlog-account"
        />
        {/* The picker copies data-* attributes onto both of its inputs: the test id goes around it. */}
        <span data-testid="operlog-range">
          <DatePicker.RangePicker
            onChange={(dates) => {
              const [first, last] = dates ?? [];
              filter(first && last ? { from: first.startOf('day').valueOf(), to: last.endOf('day').valueOf() } : { from: undefined, to: undefined });
            }}
          />
        </span>
        <Button onClick={() => void exportShown()} loading={exporting} disabled={!log.data?.total} data-testid="operlog-export">
          {t('operlog.export')}
        </Button>
      </Flex>
      {log.error ? (
        <Alert
          type="warning"
          showIcon
          title={errorText(log.error, t)}
          action={
            <Button size="small" onClick={() => void log.refetch()}>
              {t('common.retry')}
            </Button>
          }
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Table<OperationLogEntry>
        rowKey="id"
        columns={columns}
        dataSource={log.data?.list ?? []}
        loading={log.isFetching}
        onRow={(entry) => ({ 'data-testid': `operlog-row-${entry.id}`, 'data-action': entry.action }) as HTMLAttributes<HTMLElement>}
        data-testid="operlog-table"
        locale={{
          emptyText: <Empty data-testid="operlog-empty" description={filtered ? t('operlog.noMatches') : t('operlog.emptyState')} />,
        }}
        pagination={listPagination(query, log.data?.total ?? 0, { totalText: (total) => t('operlog.total', { count: total }), setQuery })}
      />
    </div>
  );
}
