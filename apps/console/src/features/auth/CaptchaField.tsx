import { captchaCall, limits, validateCaptcha } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { Flex, Form, Skeleton, type FormInstance } from 'antd';
// Input alone, not antd's Input index with TextArea, Search and OTP: the sign-in page loads this.
import Input from 'antd/es/input/Input';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';

/** Loads a captcha into the form's hidden `captchaId`; `refresh` after every use (one check each). */
export function useCaptcha(form: FormInstance) {
  const { api } = useRuntime();
  const [image, setImage] = useState<string | null>(null);
  const { mutate, isPending } = useMutation({ mutationFn: () => api.call(captchaCall, {}) });
  const refresh = useCallback(() => {
    form.setFieldValue('captcha', '');
    mutate(undefined, {
      onSuccess: (answer) => {
        form.setFieldValue('captchaId', answer.captchaId);
        setImage(answer.image);
      },
    });
  }, [form, mutate]);
  useEffect(refresh, []); // eslint-disable-line react-hooks/exhaustive-deps
  return { image, refresh, loading: isPending };
}

/** Validates the captcha input before a code is sent; shows the message next to it. */
export function checkCaptchaField(form: FormInstance, t: (key: string) => string): string {
  const value = ((form.getFieldValue('captcha') as string | undefined) ?? '').trim();
  const key = validateCaptcha(value);
  form.setFields([{ name: 'captcha', errors: key ? [t(key)] : [] }]);
  if (key) throw new Error(key);
  return value;
}

export function CaptchaField({ image, refresh, loading }: ReturnType<typeof useCaptcha>) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="captchaId" hidden>
        <Input />
      </Form.Item>
      {/* The label names the input inside the row (the image beside it has its own). */}
      <Form.Item label={t('auth.register.captcha')} required htmlFor="captcha">
        <Flex gap={8}>
          {/* Checked when a code is requested (checkCaptchaField), not on submit: it guards sending only. */}
          <Form.Item name="captcha" noStyle>
            <Input id="captcha" maxLength={limits.captchaLength} autoComplete="off" data-testid="captcha-input" />
          </Form.Item>
          <button
            type="button"
            onClick={refresh}
            title={t('auth.register.captchaImage')}
            aria-label={t('auth.register.captchaImage')}
            style={{ padding: 0, border: '1px solid rgba(128,128,128,.35)', borderRadius: 6, background: '#fff', cursor: 'pointer', width: 152, height: 40, flex: 'none', overflow: 'hidden', lineHeight: 0 }}
          >
            {image && !loading ? <img src={image} alt="" width={150} height={38} data-testid="captcha-image" /> : <Skeleton.Button active size="small" />}
          </button>
        </Flex>
      </Form.Item>
    </>
  );
}
