import { parseProxyLine, savedProxyDetailCall, savedProxyUpdateCall, type SavedProxy } from '@facet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';

/** The proxy as one line, the way it is pasted: scheme://user:password@host:port. */
function asLine(proxy: { type: string; host: string; port: number; username: string; password: string }): string {
  const credentials = proxy.username || proxy.password ? `${encodeURIComponent(proxy.username)}:${encodeURIComponent(proxy.password)}@` : '';
  return `${proxy.type}://${credentials}${proxy.host}:${proxy.port}`;
}

/** Changes one saved proxy; every profile that uses it changes with it. */
export function EditSavedProxyDialog({ saved, onClose, onSaved }: { saved: SavedProxy; onClose: () => void; onSaved: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ line: string; remark: string }>();
  const detail = useQuery({ queryKey: ['savedProxy', saved.id], queryFn: () => api.call(savedProxyDetailCall, { id: saved.id }), gcTime: 0 });
  useEffect(() => {
    if (detail.data) form.setFieldsValue({ line: asLine(detail.data.proxy), remark: detail.data.remark });
  }, [detail.data, form]);
  const save = useMutation({
    mutationFn: ({ line, remark }: { line: string; remark: string }) => {
      const { proxy } = parseProxyLine(line);
      return api.call(savedProxyUpdateCall, {
        id: saved.id,
        remark,
        proxy: { type: proxy!.scheme ?? saved.type, host: proxy!.host, port: proxy!.port, username: proxy!.user ?? '', password: proxy!.password ?? '', country: saved.country, direct: false },
      });
    },
    onSuccess: async ({ profilesChanged }) => {
      message.success(t('proxies.saved', { count: profilesChanged }));
      await Promise.all([onSaved(), queryClient.invalidateQueries({ queryKey: ['profiles'] })]);
      onClose();
    },
    onError: (error) => showError(error, form),
  });
  return (
    <Modal open title={t('proxies.edit')} okButtonProps={{ loading: save.isPending, disabled: !detail.data, ...testId('proxy-edit-save') }} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)} data-testid="proxy-edit-dialog">
        <Form.Item
          name="line"
          label={t('proxies.col.proxy')}
          rules={[{ validator: async (_rule, value: string) => { const { error } = parseProxyLine(value ?? ''); if (error) throw new Error(t(error)); } }]}
        >
          <Input data-testid="proxy-edit-line" />
        </Form.Item>
        <Form.Item name="remark" label={t('profiles.col.remark')}>
          <Input maxLength={200} />
        </Form.Item>
        <Typography.Text type="secondary">{t('proxies.editHint', { count: saved.profileCount })}</Typography.Text>
      </Form>
    </Modal>
  );
}
