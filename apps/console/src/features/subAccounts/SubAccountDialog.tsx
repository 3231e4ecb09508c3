import { limits, validateNewPassword, validatePasswordsMatch, validateUsername, type GroupGrant, type Rule, type SubAccount } from '@facet/contracts';
import { Alert, Form, Input, Modal } from 'antd';
import type { Rule as FormRule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { confirmPasswordRule, fromContract } from '../../lib/formRules.ts';
import { testId } from '../../lib/testId.ts';
import { GroupGrantsField } from './GroupGrantsField.tsx';
import { useSaveSubAccount } from './useSaveSubAccount.ts';

/** The call's limits (contracts `subAccounts.ts`), mirrored so the inputs stop where the server would refuse. */
export const NICKNAME_MAX = 30;
export const PLATFORM_ACCOUNT_MAX = 100;

export interface SubAccountForm {
  username: string;
  nickname: string;
  platformAccount: string;
  password: string;
  confirm: string;
  /** Absent (the mobile page has no such field): the authorized groups stay as they are. */
  groupGrants?: GroupGrant[];
}

/** On edit the password may stay blank (unchanged); what is typed follows the new-password rule. */
export const optionalNewPassword: Rule = (value) => (value ? validateNewPassword(value) : null);

/** On edit the confirmation is needed only once a new password is typed. */
export function optionalConfirmRule(t: TFunction): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: string) => {
      const password = getFieldValue('password') as string | undefined;
      if (!password && !value) return;
      const key = value ? validatePasswordsMatch(password ?? '', value) : 'validation.password.required';
      if (key) throw new Error(t(key));
    },
  });
}

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
