import { bindCall, bindSendCall, Code, limits, validateBindEmail, validateEmailCode, validatePhone, validatePhoneCode } from '@facet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { fromContract } from '../../lib/formRules.ts';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';
import { CodeButton, memberQueryKey } from '../auth/index.ts';
import type { BindKind } from './bindReminder.ts';

interface BindValues {
  account: string;
  /** Phone only: the country calling code (spec §3, default 86). */
  country: number;
  code: string;
}

/** The only country listed (spec §9). */
const countries = [{ code: limits.defaultPhoneCountryCode, nameKey: 'binding.countries.cn' }] as const;

/**
 * Refusals that belong beside a field. "No SMS provider" (phones) sits under the code and its
 * get-code button, where the person is waiting for a code that cannot come.
 */
const errorFields: Partial<Record<number, keyof BindValues>> = {
  [Code.SMS_UNAVAILABLE]: 'code',
  [Code.CODE_WRONG]: 'code',
  [Code.CODE_EXPIRED]: 'code',
  [Code.CODE_TOO_MANY_TRIES]: 'code',
  [Code.EMAIL_TAKEN]: 'account',
};

/** Bind phone or bind e-mail (spec §2 "Bind-phone dialog", §4): account, code with a get-code countdown, cancel, confirm. */
export function BindDialog({ kind, onClose }: { kind: BindKind; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { api } = useRuntime();
  const queryClient = useQueryClient();
  const showError = useShowError();
  const [form] = Form.useForm<BindValues>();
  const phone = kind === 'phone';
  const typeOf = (values: Pick<BindValues, 'country'>) => (phone ? `+${values.country}` : 'email');

  const send = async () => {
    const values = (await form.validateFields(['account', 'country'])) as Pick<BindValues, 'account' | 'country'>;
    form.setFields([{ name: 'code', errors: [] }]);
    const answer = await api.call(bindSendCall, { type: typeOf(values), account: values.account.trim() });
    return { resendAfterSeconds: answer.resendAfterSeconds, address: values.account.trim() };
  };

  const bind = useMutation({
    mutationFn: (values: BindValues) => api.call(bindCall, { type: typeOf(values), account: values.account.trim(), code: values.code.trim() }),
    onSuccess: async (bound) => {
      message.success(t(bound.type === 'mobile' ? 'binding.boundPhone' : 'binding.boundEmail', { account: bound.account }));
      onClose();
      await queryClient.invalidateQueries({ queryKey: memberQueryKey });
    },
    onError: (error) => showError(error, form, { fields: errorFields }),
  });

  return (
    <Modal
      open
      width={limits.dialogWidthPx}
      title={t(phone ? 'binding.phoneTitle' : 'binding.emailTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="bind-cancel">
          {t('common.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={bind.isPending} onClick={() => form.submit()} {...testId('bind-submit')}>
          {t('common.confirm')}
        </Button>,
      ]}
    >
      <div data-testid={phone ? 'bind-phone-dialog' : 'bind-email-dialog'}>
        <Typography.Paragraph type="secondary">
          {phone ? t('binding.phoneHint', { length: limits.phoneCodeLength }) : t('binding.emailHint', { length: limits.emailCodeLength })}
        </Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ account: '', country: limits.defaultPhoneCountryCode, code: '' }}
          onFinish={(values) => bind.mutate(values)}
        >
          {phone ? (
            <Form.Item label={t('auth.register.phone')} required>
              <Space.Compact block>
                <Form.Item name="country" noStyle>
                  <Select
                    style={{ width: 110 }}
                    aria-label={t('binding.country')}
                    popupMatchSelectWidth={false}
                    options={countries.map((country) => ({ value: country.code, label: `${t(country.nameKey)} +${country.code}` }))}
                    labelRender={({ value }) => `+${String(value)}`}
                    data-testid="bind-country"
                  />
                </Form.Item>
                <Form.Item name="account" noStyle rules={[fromContract(validatePhone, t)]}>
                  <Input inputMode="tel" autoComplete="tel-national" maxLength={20} autoFocus data-testid="bind-account" />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          ) : (
            <Form.Item name="account" label={t('auth.register.email')} rules={[fromContract(validateBindEmail, t)]}>
              <Input type="email" autoComplete="email" maxLength={limits.bindEmailMaxLength} autoFocus data-testid="bind-account" />
            </Form.Item>
          )}
          <Form.Item label={t('auth.register.code')} required style={{ marginBottom: 0 }}>
            <Flex gap={8}>
              <Form.Item name="code" noStyle rules={[fromContract(phone ? validatePhoneCode : validateEmailCode, t)]}>
                <Input
                  maxLength={phone ? limits.phoneCodeLength : limits.emailCodeMaxLength}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  data-testid="bind-code"
                />
              </Form.Item>
              <CodeButton send={send} form={form} errorFields={errorFields} testId="bind-send" />
            </Flex>
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
