import { Code, hostRemoveCall, limits, validatePresentedPassword, type HostRow } from '@facet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fromContract } from '../../lib/formRules.ts';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';
import { hostsKey } from './remoteQueries.ts';

/** Removes a host once the password is re-confirmed: the profiles it runs close. */
export function RemoveHostDialog({ host, onClose }: { host: HostRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ passwd: string }>();
  const remove = useMutation({
    meta: { credentialCall: true },
    mutationFn: ({ passwd }: { passwd: string }) => api.call(hostRemoveCall, { id: host.id, passwd }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: hostsKey });
      onClose();
    },
    onError: (error) => showError(error, form, { fields: { [Code.WRONG_PASSWORD]: 'passwd' } }),
  });
  return (
    <Modal
      open
      width={limits.dialogWidthPx}
      title={t('hosts.removeTitle', { name: host.name })}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="ok" danger type="primary" loading={remove.isPending} onClick={() => form.submit()} {...testId('host-remove-submit')}>
          {t('hosts.remove')}
        </Button>,
      ]}
    >
      <Typography.Paragraph>{t('hosts.removeHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => remove.mutate(values)}>
        <Form.Item name="passwd" label={t('hosts.password')} rules={[fromContract(validatePresentedPassword, t)]}>
          <Input.Password autoFocus autoComplete="current-password" maxLength={256} data-testid="host-remove-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
