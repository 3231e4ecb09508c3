import { Code, limits, subAccountDeleteCall, validatePresentedPassword, type SubAccount } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { fromContract } from '../../lib/formRules.ts';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';
import { useRefreshSubAccounts } from './subAccountQueries.ts';

/**
 * Deleting a sub-account takes its profiles with it and cannot be undone (spec §6), so the dialog
 * says how many go and asks for the main account's password again.
 */
export function DeleteSubAccountDialog({ subAccount, onClose }: { subAccount: SubAccount; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { api } = useRuntime();
  const showError = useShowError();
  const refresh = useRefreshSubAccounts();
  const [form] = Form.useForm<{ passwd: string }>();
  const remove = useMutation({
    // A wrong password here is the person's typo, not a dead session (App.tsx): answered in the form.
    meta: { credentialCall: true },
    mutationFn: ({ passwd }: { passwd: string }) => api.call(subAccountDeleteCall, { id: subAccount.id, passwd }),
    onSuccess: async ({ deletedProfiles }) => {
      message.success(t('subAccounts.deleted', { username: subAccount.username, count: deletedProfiles }));
      await refresh(true);
      onClose();
    },
    // A wrong password belongs beside the password field: the person retypes it there.
    onError: (error) => showError(error, form, { fields: { [Code.WRONG_PASSWORD]: 'passwd' } }),
  });
  return (
    <Modal
      open
      width={limits.dialogWidthPx}
      title={t('subAccounts.deleteTitle', { username: subAccount.username })}
      okText={t('subAccounts.deleteSubmit')}
      okButtonProps={{ danger: true, loading: remove.isPending, ...testId('sub-delete-confirm') }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type="error"
        showIcon
        title={t('subAccounts.cannotUndo')}
        description={t('subAccounts.deleteProfiles', { count: subAccount.profileCount })}
        style={{ marginBottom: 16 }}
        data-testid="sub-delete-warning"
      />
      <Form form={form} layout="vertical" onFinish={(values) => remove.mutate(values)} data-testid="sub-delete-form">
        <Form.Item name="passwd" label={t('subAccounts.mainPassword')} rules={[fromContract(validatePresentedPassword, t)]}>
          <Input.Password autoFocus autoComplete="current-password" maxLength={256} data-testid="sub-delete-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
