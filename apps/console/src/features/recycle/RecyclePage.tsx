import { DeleteOutlined, RollbackOutlined } from '@ant-design/icons';
import { limits, type RecycleItem } from '@facet/contracts';
import { Alert, App, Button, Empty, Flex, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { testId } from '../../lib/testId.ts';
import { useDateTimeFormat } from '../../lib/useDateTimeFormat.ts';
import { useRecyclePage, type RecyclePageQuery } from './recycleQueries.ts';
import { useRecycleActions } from './useRecycleActions.ts';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { listPagination } from '../../ui/listPagination.ts';

/** /wel/recycle: deleted profiles until the purge job removes them; restore or delete for good. */
export default function RecyclePage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const formatDate = useDateTimeFormat();
  const [query, setQuery] = useState<RecyclePageQuery>({ page: 1, limit: 20 });
  const [selected, setSelected] = useState<string[]>([]);
  const bin = useRecyclePage(query);
  const { restore, purge, empty } = useRecycleActions(() => setSelected([]));
  const retentionDays = bin.data?.retentionDays ?? limits.recycleRetentionDays;

  const confirm = (title: string, onOk: () => Promise<unknown>, id: string) =>
    modal.confirm({ title, content: t('recycle.cannotUndo'), okButtonProps: { danger: true, ...testId(id) }, onOk });

  const columns: TableColumnsType<RecycleItem> = [
    { key: 'serial', title: t('profiles.col.serial'), dataIndex: 'serial', width: 90 },
    { key: 'name', title: t('profiles.col.name'), dataIndex: 'name' },
    { key: 'group', title: t('profiles.col.group'), dataIndex: 'groupName', render: (_, item) => item.groupName || t('groups.ungrouped') },
    { key: 'deletedAt', title: t('recycle.deletedAt'), dataIndex: 'deletedAt', width: 200, render: (ms: number) => formatDate(ms) },
    { key: 'purgeAt', title: t('recycle.purgeAt'), dataIndex: 'purgeAt', width: 200, render: (ms: number) => formatDate(ms) },
  ];

  return (
    <div data-testid="screen-recycle">
      <PageTitle>{t('recycle.title')}</PageTitle>
      <Alert type="info" showIcon title={t('recycle.retention', { count: retentionDays })} style={{ marginBottom: 12 }} data-testid="recycle-retention" />
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Button icon={<RollbackOutlined />} disabled={selected.length === 0} loading={restore.isPending} onClick={() => restore.mutate(selected)} data-testid="recycle-restore">
          {t('recycle.restore', { count: selected.length })}
        </Button>
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={selected.length === 0}
          loading={purge.isPending}
          onClick={() => confirm(t('recycle.purgeConfirm', { count: selected.length }), () => purge.mutateAsync(selected), 'recycle-purge-confirm')}
          data-testid="recycle-purge"
        >
          {t('recycle.purge', { count: selected.length })}
        </Button>
        <Button
          danger
          type="primary"
          disabled={!bin.data?.total}
          loading={empty.isPending}
          onClick={() => confirm(t('recycle.emptyConfirm'), () => empty.mutateAsync(), 'recycle-empty-confirm')}
          data-testid="recycle-empty"
        >
          {t('recycle.empty')}
        </Button>
      </Flex>
      <Table<RecycleItem>
        rowKey="id"
        columns={columns}
        dataSource={bin.data?.list ?? []}
        loading={bin.isFetching}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: true }}
        onRow={(item) => testId(`recycle-row-${item.id}`)}
        locale={{ emptyText: <Empty description={t('recycle.emptyState')} /> }}
        pagination={listPagination(query, bin.data?.total ?? 0, { setQuery })}
      />
    </div>
  );
}
