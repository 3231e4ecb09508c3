import { limits, validateNewPassword, validateUsername, type SubAccount } from '@facet/contracts';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmPasswordRule, fromContract } from '../../lib/formRules.ts';
import { testId } from '../../lib/testId.ts';
import { GroupGrantsField } from './GroupGrantsField.tsx';
import { NICKNAME_MAX, optionalConfirmRule, optionalNewPassword, PLATFORM_ACCOUNT_MAX, type SubAccountForm } from './subAccountForm.ts';
import { useSaveSubAccount } from './useSaveSubAccount.ts';

/**
 * Add a sub-account, or edit one when `subAccount` is given. Field names match the calls', so
 * server issues land beside their fields.
 */
export function SubAccountDialog({ subAccount, onClose }: { subAccount: SubAccount | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SubAccountForm>();
  const editing = subAccount !== null;
  const save = useSaveSubAccount(subAccount, form, onClose);
  const initial: Partial<SubAccountForm> = { nickname: subAccount?.nickname ?? '', platformAccount: subAccount?.platformAccount ?? '', groupGrants: (subAccount?.groupGrants ?? []).map(({ groupId, permission }) => ({ groupId, permission })) };
  return (
    <Modal
      open
      width={limits.dialogWidthPx}
      title={editing ? t('subAccounts.editTitle', { username: subAccount.username }) : t('subAccounts.createTitle')}
      okText={t('common.save')}
      okButtonProps={{ loading: save.isPending, ...testId('sub-save') }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => save.mutate({ ...values, nickname: (values.nickname ?? '').trim(), platformAccount: (values.platformAccount ?? '').trim(), groupGrants: values.groupGrants ?? [] })}
        data-testid="sub-form"
      >
        {editing ? null : (
          <Form.Item name="username" label={t('subAccounts.username')} extra={t('auth.register.usernameHint')} rules={[fromContract(validateUsername, t)]}>
            <Input autoFocus autoComplete="off" maxLength={limits.usernameMax} data-testid="sub-username" />
          </Form.Item>
        )}
        <Form.Item name="nickname" label={t('subAccounts.nickname')} rules={[{ max: NICKNAME_MAX, message: t('validation.tooLong') }]}>
          <Input autoFocus={editing} maxLength={NICKNAME_MAX} data-testid="sub-nickname" />
        </Form.Item>
        <Form.Item name="platformAccount" label={t('subAccounts.platformAccount')} extra={t('subAccounts.platformAccountHint')} rules={[{ max: PLATFORM_ACCOUNT_MAX, message: t('validation.tooLong') }]}>
          <Input maxLength={PLATFORM_ACCOUNT_MAX} data-testid="sub-platform-account" />
        </Form.Item>
        <GroupGrantsField />
        {editing ? <Alert type="info" showIcon title={t('subAccounts.newPasswordHint')} style={{ marginBottom: 16 }} data-testid="sub-password-hint" /> : null}
        <Form.Item
          name="password"
          label={t(editing ? 'subAccounts.newPassword' : 'subAccounts.password')}
          extra={t('auth.register.passwordHint')}
          rules={[fromContract(editing ? optionalNewPassword : validateNewPassword, t)]}
        >
          <Input.Password autoComplete="new-password" maxLength={limits.passwordMax} data-testid="sub-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('subAccounts.confirmPassword')}
          dependencies={['password']}
          rules={[editing ? optionalConfirmRule(t) : confirmPasswordRule(t, 'password')]}
        >
          <Input.Password autoComplete="new-password" maxLength={limits.passwordMax} data-testid="sub-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
