import { limits, validateNewPassword } from '@facet/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmPasswordRule, fromContract } from '../../lib/formRules.ts';

/** A new password (8 to 64) and its confirmation, as `passwd` and `confirm`. */
export function NewPasswordFields({ labelKey, confirmLabelKey = 'auth.register.confirm' }: { labelKey: string; confirmLabelKey?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="passwd" label={t(labelKey)} extra={t('auth.register.passwordHint')} rules={[fromContract(validateNewPassword, t)]}>
        <Input.Password autoComplete="new-password" maxLength={limits.passwordMax} />
      </Form.Item>
      <Form.Item name="confirm" label={t(confirmLabelKey)} dependencies={['passwd']} rules={[confirmPasswordRule(t)]}>
        <Input.Password autoComplete="new-password" maxLength={limits.passwordMax} />
      </Form.Item>
    </>
  );
}
