import { limits, pluginEnableCall, type Plugin } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';
import { useRefreshPlugins } from './pluginQueries.ts';
import { VersionSelect } from './VersionSelect.tsx';

/**
 * Switches a plugin on for the acting account with a chosen version (its current pin, else the
 * newest, preselected), or moves its own pin when it is already on.
 */
export function EnableDialog({ plugin, onClose }: { plugin: Plugin; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { api } = useRuntime();
  const showError = useShowError();
  const refresh = useRefreshPlugins();
  const [form] = Form.useForm<{ versionId: string }>();
  const enable = useMutation({
    mutationFn: ({ versionId }: { versionId: string }) => api.call(pluginEnableCall, { id: plugin.id, enabled: true, versionId }),
    onSuccess: async () => {
      message.success(t('plugins.enable.done', { name: plugin.name }));
      await refresh();
      onClose();
    },
    onError: (error) => showError(error, form),
  });
  return (
    <Modal
      open
      width={limits.dialogWidthPx}
      title={t(plugin.enabled ? 'plugins.enable.changeTitle' : 'plugins.enable.title', { name: plugin.name })}
      okText={t(plugin.enabled ? 'common.save' : 'plugins.enable.submit')}
      okButtonProps={{ loading: enable.isPending, ...testId('plugin-enable-submit') }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ versionId: plugin.enabledVersionId ?? plugin.latestVersion.id }} onFinish={(values) => enable.mutate(values)} data-testid="plugin-enable-dialog">
        <Form.Item name="versionId" label={t('plugins.field.version')} extra={t('plugins.enable.hint')} rules={[{ required: true, message: t('plugins.assign.versionRequired') }]}>
          <VersionSelect pluginId={plugin.id} testId="plugin-enable-version" />
        </Form.Item>
      </Form>
      {plugin.disabledEverywhere ? <Alert type="warning" showIcon title={t('plugins.disabledEverywhereHint')} data-testid="plugin-enable-disabled-everywhere" /> : null}
    </Modal>
  );
}
