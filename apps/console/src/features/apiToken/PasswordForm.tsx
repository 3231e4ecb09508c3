import { validatePresentedPassword } from '@facet/contracts';
import { Form, Input, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { fromContract } from '../../lib/formRules.ts';

export interface PasswordValues {
  passwd: string;
}

/** Both token dialogs re-confirm the account password before anything else (spec §5). */
export function PasswordForm({ form, onSubmit }: { form: FormInstance<PasswordValues>; onSubmit: (values: PasswordValues) => void }) {
  const { t } = useTranslation();
  return (
    <Form form={form} layout="vertical" onFinish={onSubmit} data-testid="api-token-form">
      <Form.Item name="passwd" label={t('apiToken.password')} rules={[fromContract(validatePresentedPassword, t)]}>
        <Input.Password autoFocus autoComplete="current-password" maxLength={256} data-testid="api-token-password" />
      </Form.Item>
    </Form>
  );
}
