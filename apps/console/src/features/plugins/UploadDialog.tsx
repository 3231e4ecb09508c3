import { ApiError, NETWORK_FAILURE } from '@facet/api-client';
import { limits, pluginLimits, type Plugin, type PluginUploadResponse } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal, Progress, Typography } from 'antd';
import type { Rule as FormRule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../lib/Preferences.tsx';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';
import { formatBytes } from '../../lib/formatBytes.ts';
import { readHead, readImageSize } from './fileFacts.ts';
import { FilePicker } from './FilePicker.tsx';
import { ICON_ACCEPT, PACKAGE_ACCEPT, precheckIcon, precheckPackage, type BytesFormat } from './pluginFiles.ts';
import { percentSent, uploadPlugin, type UploadProgress } from './pluginUpload.ts';
import { useRefreshPlugins } from './pluginQueries.ts';
import { isUploadRefusal } from './refusalDetail.ts';
import { UploadRefusal } from './UploadRefusal.tsx';
import { UploadRules } from './UploadRules.tsx';

interface UploadValues {
  name: string;
  introduction: string;
  publisher: string;
  icon?: File;
  package?: File;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** Refusals shown in the dialog with their detail; the rest go through the house error display. */
const shownInDialog = (error: unknown): error is ApiError => error instanceof ApiError && (isUploadRefusal(error.code) || error.code === NETWORK_FAILURE);

function iconRule(t: TFunction, bytes: BytesFormat): FormRule {
  return {
    validator: async (_rule, file?: File) => {
      if (!file) return;
      const head = await readHead(file);
      // Decode only what passed the cheap checks: a 50 MB file named .png is refused unread.
      const problem = precheckIcon(file, head, null, bytes) ?? precheckIcon(file, head, await readImageSize(file), bytes);
      if (problem) throw new Error(t(problem.key, problem.values));
    },
  };
}

function packageRule(t: TFunction, bytes: BytesFormat): FormRule {
  return {
    validator: async (_rule, file?: File) => {
      if (!file) return;
      const problem = precheckPackage(file, await readHead(file), bytes);
      if (problem) throw new Error(t(problem.key, problem.values));
    },
  };
}

/**
 * Uploads a new plugin (`plugin` null: name, introduction, publisher, icon and package) or a
 * new version of `plugin` (package, optionally a new icon). The rules are shown before anything
 * is chosen; the files get cheap checks here, and the server, which inspects every byte, has
 * the last word: its refusal is shown with its detail. The package's progress is shown as it
 * goes out, then "checking" while the server inspects it.
 */
export function UploadDialog({ plugin, onClose }: { plugin: Plugin | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const runtime = useRuntime();
  const { language } = usePreferences();
  const showError = useShowError();
  const refresh = useRefreshPlugins();
  const [form] = Form.useForm<UploadValues>();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const controller = useRef<AbortController | null>(null);
  const newVersion = plugin !== null;
  const bytes = useMemo<BytesFormat>(() => (count) => formatBytes(count, language.tag), [language.tag]);

  // Leaving the dialog stops an upload still under way.
  useEffect(() => () => controller.current?.abort(), []);

  const upload = useMutation({
    mutationFn: (values: UploadValues) => {
      controller.current = new AbortController();
      setProgress({ loaded: 0, total: values.package!.size });
      setRefusal(null);
      const text = newVersion ? {} : { name: values.name.trim(), introduction: values.introduction.trim(), publisher: values.publisher.trim() };
      return uploadPlugin(runtime, { ...text, ...(plugin ? { pluginId: plugin.id } : {}), icon: values.icon, pkg: values.package! }, {
        lang: language.code,
        onProgress: setProgress,
        signal: controller.current.signal,
      });
    },
    onSuccess: async (answer: PluginUploadResponse) => {
      const values = { name: answer.plugin.name, version: answer.version.version };
      if (!answer.created) message.info(t('plugins.upload.alreadyStored', values));
      else message.success(t(newVersion ? 'plugins.upload.versionAdded' : 'plugins.upload.created', values));
      await refresh();
      onClose();
    },
    onError: (error) => {
      setProgress(null);
      if (isAbort(error)) return;
      if (shownInDialog(error)) setRefusal(error);
      else showError(error, form);
    },
  });

  const cancel = () => {
    controller.current?.abort();
    onClose();
  };
  const percent = progress ? percentSent(progress) : 0;

  return (
    <Modal
      open
      width={limits.dialogWidthPx}
      title={newVersion ? t('plugins.upload.newVersionTitle', { name: plugin.name }) : t('plugins.upload.title')}
      okText={t('plugins.upload.submit')}
      okButtonProps={{ loading: upload.isPending, ...testId('plugin-upload-submit') }}
      cancelButtonProps={{ ...testId('plugin-upload-cancel') }}
      onOk={() => form.submit()}
      onCancel={cancel}
      maskClosable={!upload.isPending}
      keyboard={!upload.isPending}
      destroyOnHidden
    >
      <UploadRules newVersion={newVersion} />
      <Form<UploadValues>
        form={form}
        layout="vertical"
        initialValues={{ name: '', introduction: '', publisher: '', icon: undefined, package: undefined }}
        onFinish={(values) => upload.mutate(values)}
        disabled={upload.isPending}
        data-testid="plugin-upload-dialog"
      >
        {newVersion ? null : (
          <>
            <Form.Item name="name" label={t('plugins.field.name')} rules={[{ required: true, whitespace: true, message: t('plugins.upload.nameRequired') }]}>
              <Input autoFocus maxLength={pluginLimits.nameMax} showCount data-testid="plugin-upload-name" />
            </Form.Item>
            <Form.Item name="introduction" label={t('plugins.field.introduction')}>
              <Input.TextArea rows={3} maxLength={pluginLimits.introductionMax} showCount data-testid="plugin-upload-introduction" />
            </Form.Item>
            <Form.Item name="publisher" label={t('plugins.field.publisher')}>
              <Input maxLength={pluginLimits.publisherMax} data-testid="plugin-upload-publisher" />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="icon"
          label={newVersion ? t('plugins.field.iconReplace') : t('plugins.field.icon')}
          extra={newVersion ? t('plugins.upload.iconKept') : undefined}
          rules={[...(newVersion ? [] : [{ required: true, message: t('plugins.upload.iconRequired') }]), iconRule(t, bytes)]}
        >
          <FilePicker accept={ICON_ACCEPT} chooseLabel={t('plugins.upload.chooseIcon')} testId="plugin-upload-icon" preview />
        </Form.Item>
        <Form.Item name="package" label={t('plugins.field.package')} rules={[{ required: true, message: t('plugins.upload.packageRequired') }, packageRule(t, bytes)]}>
          <FilePicker accept={PACKAGE_ACCEPT} chooseLabel={t('plugins.upload.choosePackage')} testId="plugin-upload-package" />
        </Form.Item>
      </Form>
      {refusal ? <UploadRefusal error={refusal} /> : null}
      {progress ? (
        <div data-testid="plugin-upload-progress" data-percent={percent}>
          <Progress percent={percent} status={percent < 100 ? 'active' : 'normal'} />
          <Typography.Text type="secondary">
            {percent < 100 ? t('plugins.upload.sending', { sent: bytes(progress.loaded), total: bytes(progress.total) }) : t('plugins.upload.checking')}
          </Typography.Text>
        </div>
      ) : null}
    </Modal>
  );
}
