import { ApiError } from '@facet/api-client';
import { Code, retryAfterDataSchema } from '@facet/contracts';
import { App, Button, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError, type ShowErrorOptions } from '../../lib/showError.ts';

interface Props {
  /** Validates the fields a send needs, sends, and resolves with the resend delay. */
  send: () => Promise<{ resendAfterSeconds: number; address: string }>;
  /** After any attempt: the captcha was used up. */
  afterAttempt?: () => void;
  /** Refusals shown beside a field of this form (e.g. "no SMS provider" beside the code) instead of as a message. */
  form?: FormInstance;
  errorFields?: ShowErrorOptions['fields'];
  testId?: string;
}

/** "Get code": replaced by a disabled countdown after a send (spec §4), then back. */
export function CodeButton({ send, afterAttempt, form, errorFields, testId = 'get-code' }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { config } = useRuntime();
  const showError = useShowError();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const onClick = async () => {
    setBusy(true);
    try {
      const { resendAfterSeconds, address } = await send();
      setSecondsLeft(resendAfterSeconds);
      message.success(t('notice.codeSent', { address }));
      if (!config.features.smtp) message.info(t('auth.outboxHint'), 8);
      afterAttempt?.();
    } catch (error) {
      if (error instanceof ApiError) {
        afterAttempt?.();
        const wait = retryAfterDataSchema.safeParse(error.data);
        if (error.code === Code.CODE_SENT_TOO_RECENTLY && wait.success) setSecondsLeft(wait.data.retryAfterSeconds);
        showError(error, form, { fields: errorFields });
      }
      // Anything else is a form validation failure, already shown next to its field.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button onClick={onClick} loading={busy} disabled={secondsLeft > 0} style={{ minWidth: 120 }} data-testid={testId}>
      {secondsLeft > 0 ? t('auth.register.resendIn', { seconds: secondsLeft }) : t('auth.register.getCode')}
    </Button>
  );
}
