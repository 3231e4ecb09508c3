import { apiTokenViewCall, Code, limits, type ApiTokenInfo } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Descriptions, Empty, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';
import { useDateTimeFormat } from '../../lib/useDateTimeFormat.ts';
import { PasswordForm, type PasswordValues } from './PasswordForm.tsx';

/** The API token, with when it was made and last used, once the password is re-confirmed. */
export function ApiTokenViewDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const showError = useShowError();
  const [form] = Form.useForm<PasswordValues>();
  const view = useMutation({
    // A wrong password here is the person's typo, not a dead session (App.tsx): answered in the form.
    meta: { credentialCall: true },
    mutationFn: ({ passwd }: PasswordValues) => api.call(apiTokenViewCall, { passwd }),
    onError: (error) => showError(error, form, { fields: { [Code.WRONG_PASSWORD]: 'passwd' } }),
  });
  const answered = view.isSuccess;
  return (
    <Modal
      open
      width={limits.dialogWidthPx}
      title={t('apiToken.viewTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        answered ? (
          <Button type="primary" onClick={onClose} data-testid="api-token-close">
            {t('common.close')}
          </Button>
        ) : (
          [
            <Button key="cancel" onClick={onClose}>
              {t('common.cancel')}
            </Button>,
            <Button key="ok" type="primary" loading={view.isPending} onClick={() => form.submit()} {...testId('api-token-submit')}>
              {t('apiToken.viewSubmit')}
            </Button>,
          ]
        )
      }
    >
      {answered ? <TokenInfo info={view.data.token} /> : <PasswordForm form={form} onSubmit={(values) => view.mutate(values)} />}
    </Modal>
  );
}

function TokenInfo({ info }: { info: ApiTokenInfo | null }) {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  if (!info) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('apiToken.none')} data-testid="api-token-none" />;
  return (
    <Descriptions
      column={1}
      bordered
      size="small"
      data-testid="api-token-info"
      items={[
        {
          key: 'token',
          label: t('apiToken.token'),
          children: info.token ? (
            <Typography.Text code copyable style={{ wordBreak: 'break-all' }} data-testid="api-token-value">
              {info.token}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary" data-testid="api-token-hidden">
              {t('apiToken.olderToken')}
            </Typography.Text>
          ),
        },
        { key: 'created', label: t('apiToken.createdAt'), children: <span data-testid="api-token-created">{formatDate(info.createdAt)}</span> },
        { key: 'used', label: t('apiToken.lastUsedAt'), children: <span data-testid="api-token-last-used">{info.lastUsedAt === null ? t('apiToken.neverUsed') : formatDate(info.lastUsedAt)}</span> },
      ]}
    />
  );
}
