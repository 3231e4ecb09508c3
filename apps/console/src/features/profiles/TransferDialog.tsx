import { Code, limits, profileTransferCall, validatePresentedPassword } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { fromContract } from '../../lib/formRules.ts';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';
import { useRefreshProfileData } from '../groups/index.ts';

/** Gives the selected profiles to another account; they leave this account for good. */
export function TransferDialog({ ids, onClose, onDone }: { ids: string[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { api } = useRuntime();
  const showError = useShowError();
  const refresh = useRefreshProfileData();
  const [form] = Form.useForm<{ account: string; passwd: string }>();
  const transfer = useMutation({
    // A wrong password here is the person's typo, not a dead session (App.tsx): answered in the form.
    meta: { credentialCall: true },
    mutationFn: ({ account, passwd }: { account: string; passwd: string }) => api.call(profileTransferCall, { ids, account: account.trim(), passwd }),
    onSuccess: async ({ changed }) => {
      message.success(t('sharing.transferred', { count: changed }));
      onDone();
      await refresh();
    },
    onError: (error) => showError(error, form, { fields: { [Code.ACCOUNT_UNKNOWN]: 'account', [Code.WRONG_PASSWORD]: 'passwd' } }),
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
        {/* It cannot be undone (spec §5): the person confirms with their password. */}
        <Form.Item name="passwd" label={t('sharing.yourPassword')} rules={[fromContract(validatePresentedPassword, t)]}>
          <Input.Password autoComplete="current-password" maxLength={256} data-testid="transfer-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
