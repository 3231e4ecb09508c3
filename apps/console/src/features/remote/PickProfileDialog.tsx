import { profileListCall, sharedListCall, type ProfileRow } from '@facet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Input, List, Modal, Tag, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';

export interface PickProfileDialogProps {
  onPick: (profile: Pick<ProfileRow, 'id' | 'name'>) => void;
  onClose: () => void;
}

/** How many of each list a search shows: enough to find one by name, few enough for a phone. */
const SHOWN = 20;

/**
 * Which profile to open remotely, for where there is no profile list to open it from (the browser
 * version, a phone): the account's own profiles and those shared with it, searched by name,
 * remark, id or proxy host as the lists are.
 */
export function PickProfileDialog({ onPick, onClose }: PickProfileDialogProps) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const [search, setSearch] = useState('');
  const query = { page: 1, limit: SHOWN, search: useDeferredValue(search).trim() };
  const own = useQuery({ queryKey: ['remotePick', 'own', query.search], queryFn: () => api.call(profileListCall, query) });
  const shared = useQuery({ queryKey: ['remotePick', 'shared', query.search], queryFn: () => api.call(sharedListCall, query) });
  const rows = [...(own.data?.list ?? []).map((row) => ({ row, shared: false })), ...(shared.data?.list ?? []).map((row) => ({ row, shared: true }))];
  return (
    <Modal open title={t('remote.pickTitle')} onCancel={onClose} footer={null} destroyOnHidden data-testid="remote-pick-dialog">
      <Input.Search autoFocus allowClear value={search} onChange={(event) => setSearch(event.target.value)} placeholder={t('remote.pickSearch')} maxLength={100} data-testid="remote-pick-search" />
      {own.error || shared.error ? <Alert type="warning" showIcon style={{ marginTop: 12 }} title={t('remote.pickFailed')} /> : null}
      <List<{ row: ProfileRow; shared: boolean }>
        style={{ marginTop: 12, maxHeight: '55vh', overflow: 'auto' }}
        loading={own.isLoading || shared.isLoading}
        dataSource={rows}
        rowKey={({ row }) => row.id}
        locale={{ emptyText: <Typography.Text type="secondary">{t('remote.pickNone')}</Typography.Text> }}
        renderItem={({ row, shared: isShared }) => (
          <List.Item style={{ cursor: 'pointer' }} onClick={() => onPick(row)} data-testid={`remote-pick-${row.id}`}>
            <Typography.Text strong ellipsis style={{ minWidth: 0 }}>
              {row.name}
            </Typography.Text>
            {isShared ? <Tag>{t('remote.pickShared')}</Tag> : null}
          </List.Item>
        )}
      />
    </Modal>
  );
}
