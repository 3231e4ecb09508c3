import {
  limits,
  registerCall,
  registerCodeCall,
  validateEmail,
  validateInvitationCode,
  validatePhone,
  validateUsername,
} from '@facet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { fromContract } from '../../lib/formRules.ts';
import { landingPath } from '../../lib/routes.ts';
import { useShowError } from '../../lib/showError.ts';
import { storageKeys, writeString } from '../../lib/storage.ts';
import { AgreementModal } from './AgreementModal.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { AuthLayout } from '../../ui/AuthLayout.tsx';
import { EmailCodeFields } from './EmailCodeFields.tsx';
import { adoptSession } from './session.ts';

interface RegisterForm {
  account: string;
  username: string;
  passwd: string;
  confirm: string;
  captchaId: string;
  captcha: string;
  code: string;
  invitationCode?: string;
  agreement: boolean;
}

export default function RegisterPage() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const showError = useShowError();
  const [params] = useSearchParams();
  const [form] = Form.useForm<RegisterForm>();
  const [by, setBy] = useState<'email' | 'mobile'>('email');
  const [agreementOpen, setAgreementOpen] = useState(false);

  const register = useMutation({
    mutationFn: (values: RegisterForm) =>
      by === 'mobile'
        ? runtime.api.call(registerCall, { type: 'mobile' })
        : runtime.api.call(registerCall, {
            type: 'email',
            account: values.account,
            username: values.username,
            passwd: values.passwd,
            code: values.code,
            invitationCode: values.invitationCode,
            agreement: values.agreement === true,
          }),
    onSuccess: (grant) => {
      adoptSession(runtime, queryClient, grant, false);
      writeString(storageKeys.registerSuccess, '1');
      void navigate(landingPath({ mode: runtime.mode, mobile: runtime.mobile, accountType: 'main' }), { replace: true });
    },
    onError: (error) => showError(error, form),
  });


  return (
    <AuthLayout title={t('auth.register.title')}>
      <Segmented
        block
        value={by}
        onChange={(value) => setBy(value as 'email' | 'mobile')}
        options={[
          { label: t('auth.register.byEmail'), value: 'email' },
          { label: t('auth.register.byPhone'), value: 'mobile' },
        ]}
        style={{ marginBottom: 16 }}
      />
      {by === 'mobile' ? <Alert type="info" showIcon title={t('auth.register.phoneUnsupported')} style={{ marginBottom: 16 }} /> : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ agreement: false, invitationCode: params.get('invite') ?? '' }}
        onFinish={(values) => register.mutate(values)}
      >
        {by === 'email' ? (
          <>
            <Form.Item name="account" label={t('auth.register.email')} rules={[fromContract(validateEmail, t)]}>
              <Input autoComplete="email" maxLength={limits.emailMaxLength} />
            </Form.Item>
            <Form.Item name="username" label={t('auth.register.username')} extra={t('auth.register.usernameHint')} rules={[fromContract(validateUsername, t)]}>
              <Input autoComplete="username" maxLength={limits.usernameMax} />
            </Form.Item>
            <NewPasswordFields labelKey="auth.register.password" />
            <EmailCodeFields form={form} request={(account, captchaId, captcha) => runtime.api.call(registerCodeCall, { type: 'email', account, captchaId, captcha })} />
            <Form.Item name="invitationCode" label={t('auth.register.invitation')} rules={[fromContract(validateInvitationCode, t)]}>
              <Input maxLength={limits.invitationCodeMax} />
            </Form.Item>
            <Form.Item
              name="agreement"
              valuePropName="checked"
              rules={[{ validator: async (_rule, checked: boolean) => { if (!checked) throw new Error(t('validation.agreement.required')); } }]}
            >
              <Checkbox data-testid="agreement">
                {t('auth.register.agreementPrefix')}{' '}
                <Typography.Link onClick={(event) => { event.preventDefault(); setAgreementOpen(true); }}>{t('auth.register.agreementLink')}</Typography.Link>
              </Checkbox>
            </Form.Item>
          </>
        ) : (
          <Form.Item name="phone" label={t('auth.register.phone')} rules={[fromContract(validatePhone, t)]}>
            <Input addonBefore={`+${limits.defaultPhoneCountryCode}`} maxLength={11} inputMode="numeric" />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block loading={register.isPending}>
          {t('auth.register.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        {t('auth.register.haveAccount')} <Link to="/login">{t('auth.register.signIn')}</Link>
      </Typography.Paragraph>
      <AgreementModal open={agreementOpen} onClose={() => setAgreementOpen(false)} />
    </AuthLayout>
  );
}
