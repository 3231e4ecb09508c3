import { limits, loginCall, memberCall, validatePresentedPassword, type Member } from '@facet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { fromContract } from '../../lib/formRules.ts';
import { afterSignIn } from '../../lib/entryPage.ts';
import { landingPath } from '../../lib/routes.ts';
import { useShowError } from '../../lib/showError.ts';
import { CONNECT_PATH } from '../connect/connectPath.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { adoptSession, memberQueryKey } from './session.ts';

interface LoginForm {
  account: string;
  passwd: string;
  keep: boolean;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const showError = useShowError();
  const [form] = Form.useForm<LoginForm>();

  const login = useMutation({
    mutationFn: (values: LoginForm) =>
      runtime.api.call(loginCall, {
        account: values.account,
        passwd: values.passwd,
        isKeep: values.keep ? 1 : 0,
        client: { mode: runtime.mobile ? 'mobile' : runtime.mode, system: navigator.platform.slice(0, 64) },
      }),
    meta: { credentialCall: true },
    onSuccess: async (grant, values) => {
      adoptSession(runtime, queryClient, grant, values.keep);
      const member = await queryClient.fetchQuery({ queryKey: memberQueryKey, queryFn: async (): Promise<Member> => (await runtime.api.call(memberCall, {})).member });
      // Back to the page a link named (RequireAuth sent the person here from it), else the landing page.
      const from = (location.state as { from?: unknown } | null)?.from;
      void navigate(afterSignIn(from, landingPath({ mode: runtime.mode, mobile: runtime.mobile, accountType: member.type })), { replace: true });
    },
    onError: (error) => showError(error, form),
  });

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ keep: false }} onFinish={(values) => login.mutate(values)}>
        <Form.Item name="account" label={t('auth.login.account')} rules={[{ required: true, whitespace: true, message: t('validation.account.required') }]}>
          <Input autoComplete="username" autoFocus maxLength={limits.emailMaxLength} />
        </Form.Item>
        <Form.Item name="passwd" label={t('auth.login.password')} rules={[fromContract(validatePresentedPassword, t)]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
          <Form.Item name="keep" valuePropName="checked" noStyle>
            <Checkbox>{t('auth.login.keep')}</Checkbox>
          </Form.Item>
          <Link to="/forgetpassword">{t('auth.login.forgot')}</Link>
        </Flex>
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          {t('auth.login.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        {t('auth.login.noAccount')} <Link to="/register">{t('auth.login.register')}</Link>
      </Typography.Paragraph>
      {runtime.bootstrap?.server ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, textAlign: 'center', fontSize: 12 }}>
          {t('connect.server', { server: runtime.bootstrap.server })}{' '}
          {runtime.bootstrap.serverFixed ? null : (
            <Typography.Link style={{ fontSize: 12 }} onClick={() => window.location.assign(CONNECT_PATH)}>
              {t('connect.changeLink')}
            </Typography.Link>
          )}
        </Typography.Paragraph>
      ) : null}
    </AuthLayout>
  );
}
