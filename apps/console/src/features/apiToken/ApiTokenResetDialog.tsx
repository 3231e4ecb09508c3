import { CopyOutlined } from '@ant-design/icons';
import { apiTokenResetCall, Code, limits } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';
import { curlExample } from './curlExample.ts';
import { PasswordForm, type PasswordValues } from './PasswordForm.tsx';

/**
 * A new API token replaces the old one at once (scripts holding it stop working), and it is
 * shown this once: the server keeps only its hash. It lives in this dialog's state and goes
 * with it.
 */
export function ApiTokenResetDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const showError = useShowError();
  const [form] = Form.useForm<PasswordValues>();
  const reset = useMutation({
    // A wrong password here is the person's typo, not a dead session (App.tsx): answered in the form.
    meta: { credentialCall: true },
    mutationFn: ({ passwd }: PasswordValues) => api.call(apiTokenResetCall, { passwd }),
    onError: (error) => showError(error, form, { fields: { [Code.WRONG_PASSWORD]: 'passwd' } }),
  });
  return (
    <Modal
      open
      width={limits.dialogWidthPx}
      title={t('apiToken.resetTitle')}
      onCancel={onClose}
      // Closing by a stray click outside would lose a token that is never shown again.
      maskClosable={!reset.isSuccess}
      destroyOnHidden
      footer={
        reset.isSuccess ? (
          <Button type="primary" onClick={onClose} data-testid="api-token-close">
            {t('apiToken.done')}
          </Button>
        ) : (
          [
            <Button key="cancel" onClick={onClose} data-testid="api-token-cancel">
              {t('common.cancel')}
            </Button>,
            <Button key="ok" type="primary" danger loading={reset.isPending} onClick={() => form.submit()} {...testId('api-token-submit')}>
              {t('apiToken.resetSubmit')}
            </Button>,
          ]
        )
      }
    >
      {reset.isSuccess ? (
        <NewToken token={reset.data.token} />
      ) : (
        <>
          <Alert type="warning" showIcon title={t('apiToken.resetWarning')} style={{ marginBottom: 16 }} data-testid="api-token-reset-warning" />
          <PasswordForm form={form} onSubmit={(values) => reset.mutate(values)} />
        </>
      )}
    </Modal>
  );
}

function NewToken({ token }: { token: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { config } = useRuntime();
  const command = curlExample(config.apiHost || window.location.origin, token);

  const copy = async () => {
    try {
      // Absent outside secure contexts (plain http on another host): the token is selectable instead.
      if (!navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(token);
      message.success(t('apiToken.copied'));
    } catch {
      message.warning(t('apiToken.copyFailed'));
    }
  };

  return (
    <Flex vertical gap={16}>
      <Alert type="success" showIcon title={t('apiToken.shownOnce')} data-testid="api-token-shown-once" />
      <Flex gap={8}>
        <Input readOnly value={token} onFocus={(event) => event.target.select()} style={{ fontFamily: 'monospace' }} data-testid="api-token-value" />
        <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="api-token-copy">
          {t('apiToken.copy')}
        </Button>
      </Flex>
      <div>
        <Typography.Text type="secondary">{t('apiToken.example')}</Typography.Text>
        <Typography.Paragraph code copyable={{ text: command }} style={{ marginTop: 4, wordBreak: 'break-all' }} data-testid="api-token-example">
          {command}
        </Typography.Paragraph>
      </div>
    </Flex>
  );
}
