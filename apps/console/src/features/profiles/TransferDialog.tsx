import { Code, limits, profileTransferCall } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';
import { useRefreshProfileData } from '../groups/groupQueries.ts';

/** Gives the selected profiles to another account; they leave this account for good. */
export function TransferDialog({ ids, onClose, onDone }: { ids: string[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { api } = useRuntime();
  const showError = useShowError();
  const refresh = useRefreshProfileData();
  const [form] = Form.useForm<{ account: string }>();
  const transfer = useMutation({
    mutationFn: ({ account }: { account: string }) => api.call(profileTransferCall, { ids, account: account.trim() }),
    onSuccess: async ({ changed }) => {
      message.success(t('sharing.transferred', { count: changed }));
      onDone();
      await refresh();
    },
    onError: (error) => showError(error, form, { fields: { [Code.ACCOUNT_UNKNOWN]: 'account' } }),
  });
  return (
    <Modal
      open
      width={limits.dialogWidthPx}
      title={t('sharing.transferTitle', { count: ids.length })}
      okText={t('sharing.transfer')}
      okButtonProps={{ danger: true, loading: transfer.isPending, ...testId('transfer-save') }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('sharing.transferWarning')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" onFinish={(values) => transfer.mutate(values)} data-testid="transfer-dialog">
        <Form.Item name="account" label={t('sharing.transferAccount')} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
          <Input maxLength={limits.emailMaxLength} autoComplete="off" data-testid="transfer-account" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
