import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Code, limits, parseProxyLines, savedProxyAddCall, savedProxyDeleteCall, savedProxyListCall, type SavedProxy } from '@facet/contracts';
import { ApiError } from '@facet/api-client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Input, Modal, Popconfirm, Progress, Select, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';
import { useDateTimeFormat } from '../../lib/useDateTimeFormat.ts';
import { EditSavedProxyDialog } from './EditSavedProxyDialog.tsx';
import { allSavedProxies, testSavedProxies } from './testSavedProxies.ts';

const savedProxiesKey = ['savedProxies'] as const;

/**
 * The saved proxy list: add many by paste, test them all from this machine with progress (the
 * desktop client), see where each exits and how fast, edit one (every profile using it follows),
 * delete. Assigning to profiles is a batch action of the browser list.
 */
export function ProxyListDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { api, bridge } = useRuntime();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const formatDate = useDateTimeFormat();
  const [page, setPage] = useState(1);
  const [lines, setLines] = useState('');
  const [type, setType] = useState<'http' | 'https' | 'socks5'>('http');
  const [lineProblem, setLineProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<SavedProxy | null>(null);
  const [testing, setTesting] = useState<{ done: number; total: number } | null>(null);
  const stop = useRef(false);
  const list = useQuery({ queryKey: [...savedProxiesKey, page], queryFn: () => api.call(savedProxyListCall, { page, limit: 20 }), placeholderData: keepPreviousData });
  const refresh = () => queryClient.invalidateQueries({ queryKey: savedProxiesKey });

  const add = useMutation({
    mutationFn: () => api.call(savedProxyAddCall, { lines, proxyType: type }),
    onSuccess: async ({ ids }) => {
      message.success(t('proxies.added', { count: ids.length }));
      setLines('');
      await refresh();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === Code.PROXY_LINE_INVALID) return setLineProblem(error.msg);
      showError(error);
    },
  });
  const remove = useMutation({ mutationFn: (id: string) => api.call(savedProxyDeleteCall, { ids: [id] }), onSuccess: refresh, onError: (error) => showError(error) });

  const submit = () => {
    // Checked here first, so a bad line is named before anything is sent.
    const parsed = parseProxyLines(lines, type);
    if (parsed.error) return setLineProblem(t('proxies.badLine', { line: parsed.error.line, reason: t(parsed.error.key) }));
    setLineProblem(null);
    add.mutate();
  };

  const testAll = async () => {
    if (!bridge) return;
    stop.current = false;
    try {
      const all = await allSavedProxies(api);
      setTesting({ done: 0, total: all.length });
      await testSavedProxies(api, bridge, all, (done) => setTesting({ done, total: all.length }), () => stop.current);
      message.success(t('proxies.tested', { count: all.length }));
    } catch (error) {
      showError(error);
    } finally {
      setTesting(null);
      await refresh();
    }
  };

  const columns: TableColumnsType<SavedProxy> = [
    { key: 'proxy', title: t('proxies.col.proxy'), render: (_, p) => <Typography.Text>{`${t(`profiles.proxy.types.${p.type}`)} ${p.host}:${p.port}${p.username ? ` · ${p.username}` : ''}`}</Typography.Text> },
    {
      key: 'exit',
      title: t('proxies.col.exit'),
      render: (_, p) =>
        !p.check ? (
          <Typography.Text type="secondary">{t('proxies.untested')}</Typography.Text>
        ) : p.check.error ? (
          <Tooltip title={`${p.check.error} · ${formatDate(p.check.checkedAt)}`}>
            <Typography.Text type="danger">{t('proxies.failed')}</Typography.Text>
          </Tooltip>
        ) : (
          <Tooltip title={formatDate(p.check.checkedAt)}>
            <span data-testid={`proxy-exit-${p.id}`}>{`${p.check.exitCountry ?? '—'} · ${p.check.exitIp ?? ''}`}</span>
          </Tooltip>
        ),
    },
    { key: 'latency', title: t('proxies.col.latency'), width: 100, render: (_, p) => (p.check?.latencyMs != null ? `${p.check.latencyMs} ms` : '—') },
    { key: 'profiles', title: t('proxies.col.profiles'), width: 90, dataIndex: 'profileCount' },
    { key: 'remark', title: t('profiles.col.remark'), dataIndex: 'remark', ellipsis: true },
    {
      key: 'actions',
      title: t('profiles.col.actions'),
      width: 100,
      render: (_, p) => (
        <Flex gap={4}>
          <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('proxies.edit')} onClick={() => setEditing(p)} data-testid={`proxy-edit-${p.id}`} />
          <Popconfirm title={t('proxies.deleteConfirm', { count: p.profileCount })} okButtonProps={{ danger: true, ...testId('proxy-delete-confirm') }} onConfirm={() => remove.mutate(p.id)}>
            <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('proxies.delete')} data-testid={`proxy-delete-${p.id}`} />
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <Modal open title={t('proxies.title')} width={920} footer={null} onCancel={onClose} destroyOnHidden>
      <Flex vertical gap={12} data-testid="proxy-list">
        <Flex gap={8} align="start">
          <Input.TextArea
            value={lines}
            onChange={(e) => setLines(e.target.value)}
            autoSize={{ minRows: 2, maxRows: 6 }}
            placeholder={'203.0.113.5:8080:user:password\nsocks5://user:password@203.0.113.6:1080'}
            status={lineProblem ? 'error' : undefined}
            data-testid="proxy-add-lines"
          />
          <Select value={type} onChange={setType} style={{ width: 110 }} options={(['http', 'https', 'socks5'] as const).map((value) => ({ value, label: t(`profiles.proxy.types.${value}`) }))} aria-label={t('proxies.defaultType')} />
          <Button type="primary" disabled={!lines.trim()} loading={add.isPending} onClick={submit} data-testid="proxy-add">
            {t('proxies.add')}
          </Button>
        </Flex>
        {lineProblem ? <Alert type="error" showIcon title={lineProblem} data-testid="proxy-add-error" /> : <Typography.Text type="secondary">{t('proxies.addHint', { max: limits.maxBatchCreate })}</Typography.Text>}
        <Flex gap={8} align="center">
          <Tooltip title={bridge ? undefined : t('proxies.testNeedsClient')}>
            <Button disabled={!bridge || testing !== null || (list.data?.total ?? 0) === 0} onClick={() => void testAll()} data-testid="proxy-test-all">
              {t('proxies.testAll')}
            </Button>
          </Tooltip>
          {testing ? (
            <>
              <Progress percent={testing.total === 0 ? 100 : Math.round((100 * testing.done) / testing.total)} format={() => `${testing.done} / ${testing.total}`} style={{ width: 240, margin: 0 }} data-testid="proxy-test-progress" />
              <Button size="small" onClick={() => (stop.current = true)}>
                {t('proxies.stop')}
              </Button>
            </>
          ) : null}
        </Flex>
        <Table<SavedProxy>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          onRow={(p) => testId(`proxy-row-${p.host}`)}
          pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        />
      </Flex>
      {editing ? <EditSavedProxyDialog saved={editing} onClose={() => setEditing(null)} onSaved={refresh} /> : null}
    </Modal>
  );
}
