import {
  limits,
  passwordCodeCall,
  passwordResetCall,
  validateEmail,
} from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { fromContract } from '../../lib/formRules.ts';
import { useShowError } from '../../lib/showError.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { AuthLayout } from '../../ui/AuthLayout.tsx';
import { EmailCodeFields } from './EmailCodeFields.tsx';

interface ResetForm {
  account: string;
  captchaId: string;
  captcha: string;
  code: string;
  passwd: string;
  confirm: string;
}

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const runtime = useRuntime();
  const navigate = useNavigate();
  const showError = useShowError();
  const [form] = Form.useForm<ResetForm>();
  const [by, setBy] = useState<'email' | 'mobile'>('email');

  const reset = useMutation({
    mutationFn: (values: ResetForm) => runtime.api.call(passwordResetCall, { type: 'email', account: values.account, code: values.code, passwd: values.passwd }),
    onSuccess: () => {
      message.success(t('notice.passwordReset'));
      void navigate('/login', { replace: true });
    },
    onError: (error) => showError(error, form),
  });


  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <Segmented
        block
        value={by}
        onChange={(value) => setBy(value as 'email' | 'mobile')}
        options={[
          { label: t('auth.forgot.byEmail'), value: 'email' },
          { label: t('auth.forgot.byPhone'), value: 'mobile' },
        ]}
        style={{ marginBottom: 16 }}
      />
      {by === 'mobile' ? (
        <Alert type="info" showIcon title={t('auth.forgot.phoneUnsupported')} />
      ) : (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => reset.mutate(values)}>
          <Form.Item name="account" label={t('auth.register.email')} rules={[fromContract(validateEmail, t)]}>
            <Input autoComplete="email" maxLength={limits.emailMaxLength} />
          </Form.Item>
          <EmailCodeFields form={form} request={(account, captchaId, captcha) => runtime.api.call(passwordCodeCall, { type: 'email', account, captchaId, captcha })} />
          <NewPasswordFields labelKey="auth.forgot.newPassword" />
          <Button type="primary" htmlType="submit" block loading={reset.isPending}>
            {t('auth.forgot.submit')}
          </Button>
        </Form>
      )}
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        <Link to="/login">{t('auth.forgot.backToLogin')}</Link>
      </Typography.Paragraph>
    </AuthLayout>
  );
}
