import { FolderOpenOutlined } from '@ant-design/icons';
import { cleanCacheProgressSchema, localSettingsErrorField, validateAutomationPort, validateDiskMinLimit, AUTOMATION_PASSWORD_MAX, DISK_MIN_LIMIT_MAX_GB, type CleanCacheProgress, type LocalClientConfig } from '@facet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Divider, Flex, Form, Input, InputNumber, Modal, Popconfirm, Select, Skeleton, Space, Switch, Tag, Typography, type ButtonProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { BridgeCallError, type BridgeClient } from '../../lib/bridge.ts';
import { fromContract } from '../../lib/formRules.ts';
import { testId } from '../../lib/testId.ts';
import { DirectoryPicker } from './DirectoryPicker.tsx';
import { formatBytes, gigabyteUnit } from '../../lib/formatBytes.ts';
import { kernelsQueryKey, localSettingsBridge, localSettingsQueryKey } from './localSettingsBridge.ts';

interface LocalSettingsForm {
  profileDir: string;
  diskMinLimit: number | null;
  open: boolean;
  bindip: string;
  port: number | null;
  password: string;
  clearPassword: boolean;
  keyless: boolean;
}

const LOOPBACK = '127.0.0.1';
const ALL_INTERFACES = '0.0.0.0';
/** Addresses only this computer reaches: no warning for them. */
const isLoopback = (address: string) => address === LOOPBACK || address === '::1';

function formOf(config: LocalClientConfig): LocalSettingsForm {
  const { open, bindip, port, keyless } = config.Emulation;
  return { profileDir: config.profileDir, diskMinLimit: config.diskMinLimit, open, bindip, port, password: '', clearPassword: false, keyless };
}

/** The desktop client's own settings (spec §3 local client config, §5 rules), its kernels, and the cache clean. */
export function LocalSettingsDialog({ bridge, onClose }: { bridge: BridgeClient; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { events } = useRuntime();
  const queryClient = useQueryClient();
  const api = useMemo(() => localSettingsBridge(bridge), [bridge]);
  const [form] = Form.useForm<LocalSettingsForm>();
  const [picking, setPicking] = useState(false);
  const [progress, setProgress] = useState<CleanCacheProgress | null>(null);
  const config = useQuery({ queryKey: localSettingsQueryKey, queryFn: api.configInfo, staleTime: 0 });
  const kernels = useQuery({ queryKey: kernelsQueryKey, queryFn: api.kernels, staleTime: 60_000 });
  const open = Form.useWatch('open', form) ?? false;
  const bindip = Form.useWatch('bindip', form);
  const keyless = Form.useWatch('keyless', form) ?? false;
  const language = i18n.language;

  useEffect(() => events.on('bridgePush', (push) => {
    if (push.push !== 'cleancacheprogress') return;
    const parsed = cleanCacheProgressSchema.safeParse(push.parameter);
    if (parsed.success) setProgress(parsed.data);
  }), [events]);

  const save = useMutation({
    mutationFn: (values: LocalSettingsForm) =>
      api.saveConfig({
        profileDir: values.profileDir.trim(),
        diskMinLimit: values.diskMinLimit,
        Emulation: {
          open: values.open,
          bindip: values.bindip,
          port: values.port,
          keyless: values.keyless,
          // Left out keeps the password the agent has; '' removes it.
          ...(values.clearPassword ? { password: '' } : values.password ? { password: values.password } : {}),
        },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(localSettingsQueryKey, saved);
      message.success(t('localSettings.saved'));
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof BridgeCallError)) return void message.error(t('error.unknown'));
      const field = localSettingsErrorField[error.error];
      if (field) form.setFields([{ name: field, errors: [error.msg] }]);
      else message.error(error.msg || t('error.operationFailed'));
    },
  });

  const clean = useMutation({
    mutationFn: api.cleanCache,
    onMutate: () => setProgress(null),
    // The success message comes with the agent's `cleancache` push (LocalSettingsButton); here only the disk use.
    onSettled: () => {
      setProgress(null);
      void queryClient.invalidateQueries({ queryKey: localSettingsQueryKey, exact: true });
    },
    onError: (error) => message.error(error instanceof BridgeCallError && error.msg ? error.msg : t('error.operationFailed')),
  });

  const info = config.data;
  const bindOptions = (info?.bindAddresses ?? [LOOPBACK]).map((address) => ({
    value: address,
    label: isLoopback(address) ? t('localSettings.automation.loopback', { address }) : address === ALL_INTERFACES ? t('localSettings.automation.anyInterface', { address }) : address,
  }));

  return (
    <Modal
      open
      width={680}
      title={t('localSettings.title')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: save.isPending, disabled: !info, ...testId('local-settings-save') }}
      cancelButtonProps={testId<ButtonProps>('local-settings-cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {config.isError ? <Alert type="error" showIcon title={config.error instanceof BridgeCallError && config.error.msg ? config.error.msg : t('localSettings.loadFailed')} /> : null}
      {!info ? (
        config.isError ? null : <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" initialValues={formOf(info)} onFinish={(values) => save.mutate(values)} data-testid="local-settings-form" requiredMark={false}>
          <Typography.Title level={5}>{t('localSettings.kernels.title')}</Typography.Title>
          <div data-testid="local-settings-kernels" style={{ marginBottom: 8 }}>
            {kernels.isPending ? (
              <Skeleton active paragraph={{ rows: 1 }} title={false} />
            ) : (kernels.data ?? []).length === 0 ? (
              <Alert type="warning" showIcon title={t('localSettings.kernels.none')} />
            ) : (
              (kernels.data ?? []).map((kernel, index) => (
                <Flex key={kernel.path} gap={8} align="baseline" wrap data-testid="local-settings-kernel" data-major={kernel.major}>
                  <Typography.Text strong>{`${kernel.product} ${kernel.version}`}</Typography.Text>
                  {index === 0 ? <Tag color="blue">{t('localSettings.kernels.default')}</Tag> : null}
                  <Typography.Text type="secondary" copyable={{ text: kernel.path }}>
                    {kernel.path}
                  </Typography.Text>
                </Flex>
              ))
            )}
          </div>
          <Typography.Paragraph type="secondary">{t('localSettings.kernels.hint')}</Typography.Paragraph>

          <Divider />
          <Typography.Title level={5}>{t('localSettings.storage.title')}</Typography.Title>
          <Form.Item label={t('localSettings.profileDir.label')} required extra={t('localSettings.profileDir.hint')}>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="profileDir" noStyle rules={[{ required: true, whitespace: true, message: t('localSettings.error.dirNotFound') }]}>
                <Input maxLength={4096} data-testid="local-settings-profile-dir" />
              </Form.Item>
              <Button icon={<FolderOpenOutlined />} onClick={() => setPicking(true)} data-testid="local-settings-choose-dir">
                {t('localSettings.profileDir.choose')}
              </Button>
            </Space.Compact>
          </Form.Item>
          <Form.Item label={t('localSettings.diskUse.label')}>
            <Typography.Text data-testid="local-settings-disk-use" data-bytes={info.diskUse}>
              {info.diskFree === null
                ? t('localSettings.diskUse.valueUsed', { used: formatBytes(info.diskUse, language) })
                : t('localSettings.diskUse.value', { used: formatBytes(info.diskUse, language), free: formatBytes(info.diskFree, language) })}
            </Typography.Text>
          </Form.Item>
          <Form.Item name="diskMinLimit" label={t('localSettings.diskMinLimit.label')} extra={t('localSettings.diskMinLimit.hint')} rules={[fromContract(validateDiskMinLimit, t)]}>
            <InputNumber max={DISK_MIN_LIMIT_MAX_GB} suffix={gigabyteUnit(language)} style={{ width: 200 }} data-testid="local-settings-disk-min" />
          </Form.Item>

          <Divider />
          <Typography.Title level={5}>{t('localSettings.automation.title')}</Typography.Title>
          <Flex gap={12} align="center" style={{ marginBottom: 16 }}>
            <Form.Item name="open" valuePropName="checked" noStyle>
              <Switch data-testid="local-settings-automation" />
            </Form.Item>
            <Typography.Text>{t('localSettings.automation.open')}</Typography.Text>
            <Typography.Text type="secondary" data-testid="local-settings-automation-status">
              {info.automationAddress ? t('localSettings.automation.listening', { address: info.automationAddress }) : t('localSettings.automation.off')}
            </Typography.Text>
          </Flex>
          <Flex gap={16} wrap>
            <Form.Item name="bindip" label={t('localSettings.automation.bindIp')} style={{ minWidth: 300, flex: 1 }}>
              <Select options={bindOptions} disabled={!open} data-testid="local-settings-bindip" />
            </Form.Item>
            <Form.Item
              name="port"
              label={t('localSettings.automation.port')}
              dependencies={['open']}
              rules={[({ getFieldValue }) => ({ validator: async (_rule, value: unknown) => checkRule(validateAutomationPort(getFieldValue('open') === true, value), t) })]}
            >
              <InputNumber max={65535} disabled={!open} style={{ width: 140 }} data-testid="local-settings-port" />
            </Form.Item>
          </Flex>
          {open && bindip && !isLoopback(bindip) ? <Alert type="warning" showIcon title={t('localSettings.automation.exposed')} style={{ marginBottom: 16 }} data-testid="local-settings-exposed" /> : null}
          <Form.Item name="password" label={t('localSettings.automation.password')} extra={t('localSettings.automation.passwordHint')}>
            <Input.Password
              maxLength={AUTOMATION_PASSWORD_MAX}
              autoComplete="new-password"
              disabled={!open}
              placeholder={info.Emulation.passwordSet ? t('localSettings.automation.passwordPlaceholderSet') : t('localSettings.automation.passwordPlaceholderNone')}
              data-testid="local-settings-password"
            />
          </Form.Item>
          {info.Emulation.passwordSet ? (
            <Form.Item name="clearPassword" valuePropName="checked">
              <Checkbox disabled={!open}>{t('localSettings.automation.clearPassword')}</Checkbox>
            </Form.Item>
          ) : null}
          <Flex gap={12} align="center" style={{ marginBottom: 16 }}>
            <Form.Item name="keyless" valuePropName="checked" noStyle>
              <Switch disabled={!open} data-testid="local-settings-keyless" />
            </Form.Item>
            <Typography.Text>{t('localSettings.automation.keyless')}</Typography.Text>
          </Flex>
          {open && keyless ? <Alert type="warning" showIcon title={t('localSettings.automation.keylessWarning')} style={{ marginBottom: 16 }} data-testid="local-settings-keyless-warning" /> : null}

          <Divider />
          <Typography.Title level={5}>{t('localSettings.cache.title')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('localSettings.cache.hint')}</Typography.Paragraph>
          <Popconfirm title={t('localSettings.cache.confirm')} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={() => clean.mutate()} okButtonProps={testId<ButtonProps>('local-settings-clean-confirm')}>
            <Button loading={clean.isPending} data-testid="local-settings-clean">
              {clean.isPending && progress && progress.total > 0 ? t('localSettings.cache.progress', { done: progress.done, total: progress.total }) : t('localSettings.cache.clean')}
            </Button>
          </Popconfirm>
        </Form>
      )}
      {picking && info ? (
        <DirectoryPicker
          api={api}
          start={(form.getFieldValue('profileDir') as string | undefined) || info.profileDir}
          onPick={(path) => {
            form.setFields([{ name: 'profileDir', value: path, errors: [] }]);
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
        />
      ) : null}
    </Modal>
  );
}

/** A shared rule's message key → the error antd shows beside the field. */
function checkRule(key: string | null, t: (key: string) => string): void {
  if (key) throw new Error(t(key));
}
