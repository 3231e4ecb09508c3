import { limits, validateNewPassword, validateUsername, type SubAccount } from '@facet/contracts';
import { Alert, Button, Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { confirmPasswordRule, fromContract } from '../../lib/formRules.ts';
import { useMember } from '../auth/index.ts';
import { useRefreshPlan } from '../plans/index.ts';
import { NICKNAME_MAX, optionalConfirmRule, optionalNewPassword, PLATFORM_ACCOUNT_MAX, type SubAccountForm, useSaveSubAccount, useSubAccounts } from '../subAccounts/index.ts';
import { MobilePage } from './MobilePage.tsx';
import { mobilePaths } from './mobilePaths.ts';
import { QueryStatus } from '../../ui/QueryStatus.tsx';

/** /mobile/account/manage[?id=<sub-account>]: add a sub-account, or edit the one named. */
export default function MobileAccountManagePage() {
  const { t } = useTranslation();
  const member = useMember();
  const [params] = useSearchParams();
  const id = params.get('id');
  const title = id ? t('mobile.editAccount') : t('subAccounts.createTitle');
  let body = null;
  if (member.data?.type === 'sub') body = <Alert type="info" showIcon title={t('code.mainAccountOnly')} data-testid="mobile-sub-notice" />;
  else if (member.data) body = id ? <EditSubAccount id={id} /> : <SubAccountFormPage subAccount={null} />;
  return (
    <MobilePage title={title} back={mobilePaths.accounts} testId="mobile-account-manage">
      {body}
    </MobilePage>
  );
}

function EditSubAccount({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const subAccounts = useSubAccounts();
  if (!subAccounts.data) return <QueryStatus error={subAccounts.error} onRetry={() => void subAccounts.refetch()} />;
  const subAccount = subAccounts.data.list.find((sub) => sub.id === id);
  if (!subAccount) return <Result status="404" title={t('code.notFound')} extra={<Button onClick={() => void navigate(mobilePaths.accounts)}>{t('common.back')}</Button>} />;
  return <SubAccountFormPage key={subAccount.id} subAccount={subAccount} />;
}

/**
 * The sub-account dialog's form as a page, with its rules (SubAccountDialog.tsx) and calls.
 * Field names match the calls', so server issues land beside their fields.
 */
function SubAccountFormPage({ subAccount }: { subAccount: SubAccount | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The list shows the plan's sub-account use beside it.
  const refreshPlan = useRefreshPlan();
  const [form] = Form.useForm<SubAccountForm>();
  const editing = subAccount !== null;
  const save = useSaveSubAccount(subAccount, form, async () => {
    await refreshPlan();
    await navigate(mobilePaths.accounts, { replace: true });
  });
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ nickname: subAccount?.nickname ?? '', platformAccount: subAccount?.platformAccount ?? '' }}
      onFinish={(values) => save.mutate({ ...values, nickname: (values.nickname ?? '').trim(), platformAccount: (values.platformAccount ?? '').trim() })}
      data-testid="mobile-account-form"
    >
      {editing ? (
        <Form.Item label={t('subAccounts.username')}>
          <Input value={subAccount.username} disabled data-testid="mobile-account-username" />
        </Form.Item>
      ) : (
        <Form.Item name="username" label={t('subAccounts.username')} extra={t('auth.register.usernameHint')} rules={[fromContract(validateUsername, t)]}>
          <Input autoComplete="off" autoCapitalize="none" maxLength={limits.usernameMax} data-testid="mobile-account-username" />
        </Form.Item>
      )}
      <Form.Item name="nickname" label={t('subAccounts.nickname')} rules={[{ max: NICKNAME_MAX, message: t('validation.tooLong') }]}>
        <Input maxLength={NICKNAME_MAX} data-testid="mobile-account-nickname" />
      </Form.Item>
      <Form.Item name="platformAccount" label={t('subAccounts.platformAccount')} extra={t('subAccounts.platformAccountHint')} rules={[{ max: PLATFORM_ACCOUNT_MAX, message: t('validation.tooLong') }]}>
        <Input maxLength={PLATFORM_ACCOUNT_MAX} data-testid="mobile-account-platform" />
      </Form.Item>
      {editing ? <Alert type="info" showIcon title={t('subAccounts.newPasswordHint')} style={{ marginBottom: 16 }} /> : null}
      <Form.Item name="password" label={t(editing ? 'subAccounts.newPassword' : 'subAccounts.password')} extra={t('auth.register.passwordHint')} rules={[fromContract(editing ? optionalNewPassword : validateNewPassword, t)]}>
        <Input.Password autoComplete="new-password" maxLength={limits.passwordMax} data-testid="mobile-account-password" />
      </Form.Item>
      <Form.Item name="confirm" label={t('subAccounts.confirmPassword')} dependencies={['password']} rules={[editing ? optionalConfirmRule(t) : confirmPasswordRule(t, 'password')]}>
        <Input.Password autoComplete="new-password" maxLength={limits.passwordMax} data-testid="mobile-account-confirm" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={save.isPending} data-testid="mobile-account-save">
        {t('common.save')}
      </Button>
    </Form>
  );
}
