import { Code, passwordEditCall, validatePresentedPassword } from '@facet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { fromContract } from '../../lib/formRules.ts';
import { useShowError } from '../../lib/showError.ts';
import { dropSession, NewPasswordFields } from '../auth/index.ts';

interface PasswordForm {
  old: string;
  passwd: string;
  confirm: string;
}

/** Old, new, confirm (spec §2). Success ends every session, so this one goes to the login page. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const runtime = useRuntime();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const showError = useShowError();
  const [form] = Form.useForm<PasswordForm>();
  const change = useMutation({
    mutationFn: (values: PasswordForm) => runtime.api.call(passwordEditCall, { old: values.old, passwd: values.passwd }),
    meta: { credentialCall: true },
    onSuccess: () => {
      message.success(t('notice.passwordChanged'));
      dropSession(runtime, queryClient);
      void navigate('/login', { replace: true });
    },
    onError: (error) => showError(error, form, { fields: { [Code.WRONG_PASSWORD]: 'old' } }),
  });
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 420 }} requiredMark={false} onFinish={(values) => change.mutate(values)}>
      <Alert type="info" showIcon title={t('userinfo.changePasswordHint')} style={{ marginBottom: 16 }} />
      <Form.Item name="old" label={t('userinfo.oldPassword')} rules={[fromContract(validatePresentedPassword, t)]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields labelKey="userinfo.newPassword" confirmLabelKey="userinfo.confirmPassword" />
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {t('userinfo.changePassword')}
      </Button>
    </Form>
  );
}
