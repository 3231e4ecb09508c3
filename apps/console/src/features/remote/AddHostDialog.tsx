import { Code, hostEnrollCall, limits, validatePresentedPassword } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fromContract } from '../../lib/formRules.ts';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';
import { useDateTimeFormat } from '../../lib/useDateTimeFormat.ts';
import { serverUrl } from './streamUrl.ts';

interface Values {
  passwd: string;
  name?: string;
}

/**
 * "Add host": the password re-confirmed (a host receives the secrets of every profile opened on
 * it), then the one-time code, when it expires and the command to run on the Linux machine.
 */
export function AddHostDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { api, config } = useRuntime();
  const showError = useShowError();
  const formatDate = useDateTimeFormat();
  const [form] = Form.useForm<Values>();
  const enroll = useMutation({
    // A wrong password here is a typo, not a dead session (App.tsx): answered in the form.
    meta: { credentialCall: true },
    mutationFn: ({ passwd, name }: Values) => api.call(hostEnrollCall, { passwd, ...(name?.trim() ? { name: name.trim() } : {}) }),
    onError: (error) => showError(error, form, { fields: { [Code.WRONG_PASSWORD]: 'passwd' } }),
  });
  const answer = enroll.data;
  const command = answer ? `FACET_SERVER_URL=${serverUrl(config.apiHost, window.location.href)} FACET_HOST_CODE=${answer.code} npm run host` : '';
  return (
    <Modal
      open
      width={limits.dialogWidthPx}
      title={t('hosts.addTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        answer ? (
          <Button type="primary" onClick={onClose} data-testid="host-add-close">
            {t('common.close')}
          </Button>
        ) : (
          [
            <Button key="cancel" onClick={onClose}>
              {t('common.cancel')}
            </Button>,
            <Button key="ok" type="primary" loading={enroll.isPending} onClick={() => form.submit()} {...testId('host-add-submit')}>
              {t('hosts.addSubmit')}
            </Button>,
          ]
        )
      }
    >
      {answer ? (
        <>
          <Alert type="warning" showIcon title={t('hosts.codeOnce')} style={{ marginBottom: 12 }} />
          <Descriptions
            column={1}
            bordered
            size="small"
            data-testid="host-code"
            items={[
              {
                key: 'code',
                label: t('hosts.code'),
                children: (
                  <Typography.Text code copyable={{ text: answer.code }} data-testid="host-code-value">
                    {answer.code}
                  </Typography.Text>
                ),
              },
              { key: 'expires', label: t('hosts.codeExpires'), children: <span data-testid="host-code-expires">{formatDate(answer.expiresAt)}</span> },
            ]}
          />
          <Typography.Paragraph style={{ marginTop: 12, marginBottom: 4 }}>{t('hosts.commandHint')}</Typography.Paragraph>
          <Typography.Paragraph code copyable={{ text: command }} style={{ wordBreak: 'break-all' }} data-testid="host-command">
            {command}
          </Typography.Paragraph>
        </>
      ) : (
        <Form form={form} layout="vertical" onFinish={(values) => enroll.mutate(values)} data-testid="host-add-form">
          <Typography.Paragraph type="secondary">{t('hosts.addIntro')}</Typography.Paragraph>
          <Form.Item name="name" label={t('hosts.nameOptional')}>
            <Input maxLength={64} placeholder={t('hosts.namePlaceholder')} data-testid="host-add-name" />
          </Form.Item>
          <Form.Item name="passwd" label={t('hosts.password')} rules={[fromContract(validatePresentedPassword, t)]}>
            <Input.Password autoFocus autoComplete="current-password" maxLength={256} data-testid="host-add-password" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
