import { Code, DEFAULT_KERNEL_VERSION, profileBatchCreateCall, type OperatingSystem } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Modal, Progress } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { useRefreshProfileData } from '../groups/index.ts';
import { BatchCreateFields, type batchProxyTypes } from './BatchCreateFields.tsx';
import { newRequestId } from './batchProxies.ts';
import { useAccountSettings } from '../settings/index.ts';

interface BatchForm {
  name: string;
  groupId: string;
  os: OperatingSystem;
  kernelVersion: string;
  proxyType: (typeof batchProxyTypes)[number];
  count: number;
  proxies: string;
}

/** Creates up to 1000 profiles from one template, each with its own fingerprint; progress comes pushed. */
export function BatchCreateDialog({ defaultGroupId, onClose }: { defaultGroupId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { api, events } = useRuntime();
  const showError = useShowError();
  const refresh = useRefreshProfileData();
  const [form] = Form.useForm<BatchForm>();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  // New profiles start from the global settings: their OS (the form's default until changed) and start page.
  const accountSettings = useAccountSettings();
  const defaultOs = accountSettings.data?.defaultOs;
  const defaultStartPage = accountSettings.data?.defaultStartPage ?? '';
  useEffect(() => {
    if (defaultOs && !form.isFieldTouched('os')) form.setFieldValue('os', defaultOs);
  }, [defaultOs, form]);

  const create = useMutation({
    mutationFn: async (values: BatchForm) => {
      const requestId = newRequestId();
      setProgress({ done: 0, total: values.count });
      const stop = events.on('progress', (pushed) => {
        if (pushed.requestId === requestId) setProgress({ done: pushed.done, total: pushed.total });
      });
      try {
        // The server gives every profile its own user agent, resolution and fingerprint.
        const template = { name: values.name.trim(), groupId: values.groupId, os: values.os, kernelVersion: values.kernelVersion, startPage: defaultStartPage };
        const proxies = values.proxies?.trim() ?? '';
        return await api.call(profileBatchCreateCall, {
          template,
          count: values.count,
          ...(proxies ? { proxies, proxyType: values.proxyType } : {}),
          requestId,
        });
      } finally {
        stop();
      }
    },
    onSuccess: async () => {
      setProgress((current) => (current ? { ...current, done: current.total } : current));
      await refresh();
    },
    onError: (error) => {
      setProgress(null);
      showError(error, form, { prefix: 'template', fields: { [Code.PROXY_LINE_INVALID]: 'proxies' } });
    },
  });

  const created = create.data?.ids.length;
  const percent = progress && progress.total > 0 ? Math.floor((progress.done / progress.total) * 100) : 0;
  return (
    <Modal
      open
      width={640}
      title={t('profiles.batch.title')}
      onCancel={onClose}
      mask={{ closable: !create.isPending }}
      closable={!create.isPending}
      destroyOnHidden
      footer={
        created !== undefined ? (
          <Button type="primary" onClick={onClose} data-testid="batch-close">
            {t('common.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={create.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="primary" loading={create.isPending} onClick={() => form.submit()} data-testid="batch-submit">
              {t('profiles.batch.submit')}
            </Button>
          </>
        )
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: '', groupId: defaultGroupId, os: defaultOs ?? 'windows', kernelVersion: DEFAULT_KERNEL_VERSION, proxyType: 'http', count: 10, proxies: '' }}
        onFinish={(values) => create.mutate(values)}
        data-testid="batch-form"
      >
        <BatchCreateFields disabled={create.isPending || created !== undefined} />
      </Form>
      {progress ? <Progress percent={percent} status={created !== undefined ? 'success' : 'active'} format={() => `${progress.done} / ${progress.total}`} data-testid="batch-progress" /> : null}
      {created !== undefined ? <Alert type="success" showIcon title={t('profiles.batch.done', { count: created })} style={{ marginTop: 12 }} data-testid="batch-result" /> : null}
    </Modal>
  );
}
