import { limits, pluginLimits, pluginUpdateCall, type Plugin } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';
import { useRefreshPlugins } from './pluginQueries.ts';

interface EditValues {
  name: string;
  introduction: string;
  publisher: string;
}

/** Changes a plugin's name, introduction and publisher (main account); versions stay as they are. */
export function EditPluginDialog({ plugin, onClose }: { plugin: Plugin; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { api } = useRuntime();
  const showError = useShowError();
  const refresh = useRefreshPlugins();
  const [form] = Form.useForm<EditValues>();
  const save = useMutation({
    mutationFn: (values: EditValues) =>
      api.call(pluginUpdateCall, { id: plugin.id, name: values.name.trim(), introduction: values.introduction.trim(), publisher: values.publisher.trim() }),
    onSuccess: async () => {
      message.success(t('plugins.edit.saved'));
      await refresh();
      onClose();
    },
    onError: (error) => showError(error, form),
  });
  return (
    <Modal
      open
      width={limits.dialogWidthPx}
      title={t('plugins.edit.title', { name: plugin.name })}
      okText={t('common.save')}
      okButtonProps={{ loading: save.isPending, ...testId('plugin-edit-submit') }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<EditValues>
        form={form}
        layout="vertical"
        initialValues={{ name: plugin.name, introduction: plugin.introduction, publisher: plugin.publisher }}
        onFinish={(values) => save.mutate(values)}
        data-testid="plugin-edit-dialog"
      >
        <Form.Item name="name" label={t('plugins.field.name')} rules={[{ required: true, whitespace: true, message: t('plugins.upload.nameRequired') }]}>
          <Input autoFocus maxLength={pluginLimits.nameMax} showCount data-testid="plugin-edit-name" />
        </Form.Item>
        <Form.Item name="introduction" label={t('plugins.field.introduction')}>
          <Input.TextArea rows={3} maxLength={pluginLimits.introductionMax} showCount data-testid="plugin-edit-introduction" />
        </Form.Item>
        <Form.Item name="publisher" label={t('plugins.field.publisher')}>
          <Input maxLength={pluginLimits.publisherMax} data-testid="plugin-edit-publisher" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
