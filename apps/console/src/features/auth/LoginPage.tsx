import { ApiError } from '@facet/api-client';
import { Code, limits, loginCall, memberCall, validatePresentedPassword, type Member } from '@facet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Flex, Form, type FormInstance } from 'antd';
// Input and Password from their own modules: antd's Input index also brings TextArea, Search and
// OTP, which the sign-in page never shows (scripts/checks/consoleBudget.mjs weighs it).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { fromContract } from '../../lib/formRules.ts';
import { afterSignIn } from '../../lib/entryPage.ts';
import { landingPath } from '../../lib/routes.ts';
import { useShowError } from '../../lib/showError.ts';
import { CONNECT_PATH } from '../connect/connectPath.ts';
import { AuthAction, AuthLayout, AuthNote } from './AuthLayout.tsx';
import { CaptchaField, useCaptcha } from './CaptchaField.tsx';
import { adoptSession, memberQueryKey } from './session.ts';

interface LoginForm {
  account: string;
  passwd: string;
  keep: boolean;
  captchaId?: string;
  captcha?: string;
}

/** Answers after which the next try brings a captcha (several wrong passwords for this sign-in). */
function asksForCaptcha(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === Code.CAPTCHA_REQUIRED || error.code === Code.CAPTCHA_WRONG || error.code === Code.CAPTCHA_EXPIRED) return true;
  return error.code === Code.WRONG_CREDENTIALS && (error.data as { captcha?: unknown } | null)?.captcha === true;
}

/** The captcha of the sign-in form, loaded anew for every try (each one is good once). */
function LoginCaptcha({ form, round }: { form: FormInstance; round: number }) {
  const captcha = useCaptcha(form);
  const { refresh } = captcha;
  useEffect(() => {
    if (round > 1) refresh();
  }, [round, refresh]);
  return <CaptchaField {...captcha} />;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const showError = useShowError();
  const [form] = Form.useForm<LoginForm>();
  // 0: no captcha; from 1 on, the try number it is loaded for.
  const [captchaRound, setCaptchaRound] = useState(0);

  const login = useMutation({
    mutationFn: (values: LoginForm) =>
      runtime.api.call(loginCall, {
        account: values.account,
        passwd: values.passwd,
        isKeep: values.keep ? 1 : 0,
        ...(captchaRound > 0 && values.captchaId ? { captchaId: values.captchaId, captcha: (values.captcha ?? '').trim() } : {}),
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
    onError: (error) => {
      if (asksForCaptcha(error)) setCaptchaRound((round) => round + 1);
      showError(error, form);
    },
  });

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ keep: false }} onFinish={(values) => login.mutate(values)}>
        <Form.Item name="account" label={t('auth.login.account')} rules={[{ required: true, whitespace: true, message: t('validation.account.required') }]}>
          <Input autoComplete="username" autoFocus maxLength={limits.emailMaxLength} />
        </Form.Item>
        <Form.Item name="passwd" label={t('auth.login.password')} rules={[fromContract(validatePresentedPassword, t)]}>
          <Password autoComplete="current-password" />
        </Form.Item>
        {captchaRound > 0 ? <LoginCaptcha form={form} round={captchaRound} /> : null}
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
      <AuthNote style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        {t('auth.login.noAccount')} <Link to="/register">{t('auth.login.register')}</Link>
      </AuthNote>
      {runtime.bootstrap?.server ? (
        <AuthNote secondary style={{ marginTop: 8, marginBottom: 0, textAlign: 'center', fontSize: 12 }}>
          {t('connect.server', { server: runtime.bootstrap.server })}{' '}
          {runtime.bootstrap.serverFixed ? null : (
            <AuthAction style={{ fontSize: 12 }} onClick={() => window.location.assign(CONNECT_PATH)}>
              {t('connect.changeLink')}
            </AuthAction>
          )}
        </AuthNote>
      ) : null}
    </AuthLayout>
  );
}
