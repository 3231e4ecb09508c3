import { limits, savedProxyAssignCall } from '@facet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Empty, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';
import { allSavedProxies } from './testSavedProxies.ts';

/** Gives the selected profiles one proxy of the saved list; they follow its later changes. */
export function AssignProxyDialog({ ids, onClose, onDone }: { ids: string[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ id: string }>();
  const proxies = useQuery({ queryKey: ['savedProxies', 'all'], queryFn: () => allSavedProxies(api) });
  const assign = useMutation({
    mutationFn: ({ id }: { id: string }) => api.call(savedProxyAssignCall, { id, profileIds: ids }),
    onSuccess: async ({ changed }) => {
      message.success(t('proxies.assigned', { count: changed }));
      onDone();
      await queryClient.invalidateQueries({ queryKey: ['profiles'] });
    },
    onError: (error) => showError(error, form),
  });
  return (
    <Modal open width={limits.dialogWidthPx} title={t('proxies.assignTitle', { count: ids.length })} okButtonProps={{ loading: assign.isPending, ...testId('proxy-assign-save') }} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={(values) => assign.mutate(values)} data-testid="proxy-assign-dialog">
        <Form.Item name="id" label={t('proxies.pick')} rules={[{ required: true, message: t('validation.required') }]}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={proxies.isLoading}
            notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('proxies.none')} />}
            options={(proxies.data ?? []).map((p) => ({ value: p.id, label: `${t(`profiles.proxy.types.${p.type}`)} ${p.host}:${p.port}${p.check?.exitCountry ? ` · ${p.check.exitCountry}` : ''}${p.remark ? ` · ${p.remark}` : ''}` }))}
            data-testid="proxy-assign-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
