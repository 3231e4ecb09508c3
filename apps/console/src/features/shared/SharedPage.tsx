import { limits, sharedListCall, type ListQuery, type ProfileRow } from '@facet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Input, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { testId } from '../../lib/testId.ts';
import { useDateTimeFormat } from '../../lib/useDateTimeFormat.ts';
import { GroupIcon } from '../groups/GroupIcon.tsx';
import { proxyText } from '../profiles/proxyText.ts';
import { PageTitle } from '../shell/PageTitle.tsx';

/** /wel/share: profiles other accounts shared with this one, with who shared each. */
export default function SharedPage() {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const formatDate = useDateTimeFormat();
  const [query, setQuery] = useState<ListQuery>({ page: 1, limit: 20, search: '', sort: 'serial', order: 'desc' });
  const shared = useQuery({ queryKey: ['profiles', 'shared', query], queryFn: () => api.call(sharedListCall, query), placeholderData: keepPreviousData });

  const columns: TableColumnsType<ProfileRow> = [
    { key: 'serial', title: t('profiles.col.serial'), dataIndex: 'serial', width: 90 },
    {
      key: 'name',
      title: t('profiles.col.name'),
      render: (_, row) => (
        <Typography.Text>
          <GroupIcon icon={row.iconId} size={24} /> {row.name}
        </Typography.Text>
      ),
    },
    { key: 'sharer', title: t('sharing.sharer'), render: (_, row) => row.sharer?.name ?? '' },
    { key: 'proxy', title: t('profiles.col.proxy'), render: (_, row) => proxyText(row.proxy, t) },
    { key: 'os', title: t('profiles.col.os'), width: 110, render: (_, row) => <Tag>{t(`profiles.os.${row.os}`)}</Tag> },
    { key: 'remark', title: t('profiles.col.remark'), dataIndex: 'remark', ellipsis: true },
    {
      key: 'lastUsedAt',
      title: t('profiles.col.lastUsed'),
      width: 180,
      render: (_, row) => (row.lastUsedAt === null ? <Typography.Text type="secondary">{t('common.never')}</Typography.Text> : formatDate(row.lastUsedAt)),
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
    </div>
  );
}
