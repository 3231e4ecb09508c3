import { limits, loginCall, memberCall, type Member } from '@facet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { afterSignIn } from '../../lib/entryPage.ts';
import { landingPath } from '../../lib/routes.ts';
import { CONNECT_PATH } from '../connect/index.ts';
import { AuthAction, AuthLayout, AuthNote } from '../../ui/AuthLayout.tsx';
import { asksForCaptcha, checkLoginValues, loginRefusal, type FieldErrors, type LoginField, type LoginValues } from './loginErrors.ts';
import { PasswordInput } from './PasswordInput.tsx';
import { adoptSession, memberQueryKey } from './session.ts';
import { useLoginCaptcha } from './useLoginCaptcha.ts';

/** A field of the form: its label, the control, and the line under it for its problem. */
function Field({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: ReactNode }) {
  return (
    <div>
      <label className="facet-field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      <div className="facet-field-error" id={`${id}-error`} role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}

/**
 * The sign-in page: a plain form (AuthLayout.tsx says why not antd's), checked as antd's rules
 * checked it, and the server's refusals beside their fields or above the button.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [values, setValues] = useState<LoginValues>({ account: '', passwd: '', keep: false, captcha: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  // Once a send was tried, every change is checked again, as antd's form does after a submit.
  const [tried, setTried] = useState(false);
  // 0: no captcha; from 1 on, the try number it is loaded for.
  const [captchaRound, setCaptchaRound] = useState(0);
  const captcha = useLoginCaptcha(captchaRound);

  const login = useMutation({
    mutationFn: (sent: LoginValues) =>
      runtime.api.call(loginCall, {
        account: sent.account,
        passwd: sent.passwd,
        isKeep: sent.keep ? 1 : 0,
        ...(captchaRound > 0 && captcha.captcha ? { captchaId: captcha.captcha.id, captcha: sent.captcha.trim() } : {}),
        client: { mode: runtime.mobile ? 'mobile' : runtime.mode, system: navigator.platform.slice(0, 64) },
      }),
    meta: { credentialCall: true },
    onSuccess: async (grant, sent) => {
      adoptSession(runtime, queryClient, grant, sent.keep);
      const member = await queryClient.fetchQuery({ queryKey: memberQueryKey, queryFn: async (): Promise<Member> => (await runtime.api.call(memberCall, {})).member });
      // Back to the page a link named (RequireAuth sent the person here from it), else the landing page.
      const from = (location.state as { from?: unknown } | null)?.from;
      void navigate(afterSignIn(from, landingPath({ mode: runtime.mode, mobile: runtime.mobile, accountType: member.type })), { replace: true });
    },
    onError: (error) => {
      if (asksForCaptcha(error)) {
        setCaptchaRound((round) => round + 1);
        setValues((now) => ({ ...now, captcha: '' }));
      }
      const refusal = loginRefusal(error, t);
      setErrors(refusal.fields);
      setAlert(refusal.alert);
    },
  });

  const change = (field: keyof LoginValues, value: string | boolean) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (tried && field !== 'keep') setErrors({ ...errors, [field]: checkLoginValues(next, t)[field as LoginField] });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending) return;
    setTried(true);
    const found = checkLoginValues(values, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setAlert(null);
    login.mutate(values);
  };

  const described = (field: LoginField) => ({ 'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': errors[field] ? `login-${field}-error` : undefined });

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <form noValidate onSubmit={submit}>
        <Field id="login-account" label={t('auth.login.account')} error={errors.account}>
          <input
            id="login-account"
            className="facet-input"
            autoComplete="username"
            autoFocus
            maxLength={limits.emailMaxLength}
            value={values.account}
            onChange={(event) => change('account', event.target.value)}
            {...described('account')}
          />
        </Field>
        <Field id="login-passwd" label={t('auth.login.password')} error={errors.passwd}>
          <PasswordInput id="login-passwd" autoComplete="current-password" value={values.passwd} onChange={(event) => change('passwd', event.target.value)} {...described('passwd')} />
        </Field>
        {captchaRound > 0 ? (
          <Field id="login-captcha" label={t('auth.register.captcha')} error={errors.captcha}>
            <div className="facet-captcha">
              <input
                id="login-captcha"
                className="facet-input"
                maxLength={limits.captchaLength}
                autoComplete="off"
                data-testid="captcha-input"
                value={values.captcha}
                onChange={(event) => change('captcha', event.target.value)}
                {...described('captcha')}
              />
              <button type="button" className="facet-captcha-image" onClick={captcha.refresh} title={t('auth.register.captchaImage')} aria-label={t('auth.register.captchaImage')}>
                {captcha.captcha && !captcha.loading ? <img src={captcha.captcha.image} alt="" width={118} height={30} data-testid="captcha-image" /> : null}
              </button>
            </div>
          </Field>
        ) : null}
        <div className="facet-login-row">
          <label className="facet-checkbox">
            <input type="checkbox" checked={values.keep} onChange={(event) => change('keep', event.target.checked)} />
            {t('auth.login.keep')}
          </label>
          <Link className="facet-auth-link" to="/forgetpassword">
            {t('auth.login.forgot')}
          </Link>
        </div>
        {alert ? (
          <div className="facet-alert-error" role="alert">
            {alert}
          </div>
        ) : null}
        <button type="submit" className="facet-button-primary" aria-busy={login.isPending}>
          {t('auth.login.submit')}
        </button>
      </form>
      <AuthNote style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        {t('auth.login.noAccount')}{' '}
        <Link className="facet-auth-link" to="/register">
          {t('auth.login.register')}
        </Link>
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
