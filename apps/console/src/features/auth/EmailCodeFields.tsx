import { limits, validateEmailCode } from '@facet/contracts';
import { Flex, Form, Input, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { fromContract } from '../../lib/formRules.ts';
import { CaptchaField, checkCaptchaField, useCaptcha } from './CaptchaField.tsx';
import { CodeButton } from './CodeButton.tsx';

type CodeRequest = (account: string, captchaId: string, captcha: string) => Promise<{ resendAfterSeconds: number }>;

/**
 * Captcha and e-mail code, as sign-up and reset both need them: "get code" checks the
 * `account` field and the captcha, sends, and starts the countdown; the captcha is renewed
 * after every attempt because each one answers a single check.
 */
export function EmailCodeFields({ form, request }: { form: FormInstance; request: CodeRequest }) {
  const { t } = useTranslation();
  const captcha = useCaptcha(form);
  const send = async () => {
    const { account } = (await form.validateFields(['account'])) as { account: string };
    const captchaText = checkCaptchaField(form, t);
    const answer = await request(account, form.getFieldValue('captchaId') as string, captchaText);
    return { resendAfterSeconds: answer.resendAfterSeconds, address: account };
  };
  return (
    <>
      <CaptchaField {...captcha} />
      {/* The label names the input inside the row (the button beside it has its own). */}
      <Form.Item label={t('auth.register.code')} required htmlFor="email-code">
        <Flex gap={8}>
          <Form.Item name="code" noStyle rules={[fromContract(validateEmailCode, t)]}>
            <Input id="email-code" maxLength={limits.emailCodeMaxLength} autoComplete="one-time-code" data-testid="code-input" />
          </Form.Item>
          <CodeButton send={send} afterAttempt={captcha.refresh} />
        </Flex>
      </Form.Item>
    </>
  );
}
