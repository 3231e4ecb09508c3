import { pluginMoveVersionCall, type Plugin, type PluginVersion } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Flex, Modal, Popconfirm, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../lib/Preferences.tsx';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';
import { useDateTimeFormat } from '../../lib/useDateTimeFormat.ts';
import { formatBytes } from '../../lib/formatBytes.ts';
import { usePluginVersions, useRefreshPlugins } from './pluginQueries.ts';
import { VersionsTable } from '../../ui/VersionsTable.tsx';

/** Enough of a SHA-256 to tell versions apart at a glance; the copy button gives all of it. */
const shortHash = (sha256: string) => `${sha256.slice(0, 12)}…`;

interface VersionsDialogProps {
  plugin: Plugin;
  isMain: boolean;
  onAssign: (versionId: string) => void;
  onClose: () => void;
}

/**
 * Every stored version of a plugin, named by the SHA-256 of its zip. A new upload reaches
 * existing assignments only when the main account moves every pin onto it here.
 */
export function VersionsDialog({ plugin, isMain, onAssign, onClose }: VersionsDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { api } = useRuntime();
  const { language } = usePreferences();
  const showError = useShowError();
  const refresh = useRefreshPlugins();
  const formatDate = useDateTimeFormat();
  const versions = usePluginVersions(plugin.id);
  const move = useMutation({
    mutationFn: (version: PluginVersion) => api.call(pluginMoveVersionCall, { id: plugin.id, versionId: version.id }),
    onSuccess: async ({ moved }, version) => {
      message.success(t('plugins.versions.moved', { count: moved, version: version.version }));
      await refresh();
    },
    onError: (error) => showError(error),
  });
  const latestId = versions.data?.[0]?.id;

  const columns: TableColumnsType<PluginVersion> = [
    {
      key: 'version',
      title: t('plugins.field.version'),
      render: (_, version) => (
        <Flex gap={6} wrap align="center">
          <span>{version.version}</span>
          {version.id === latestId ? <Tag color="blue">{t('plugins.latest')}</Tag> : null}
          {plugin.enabled && version.id === plugin.enabledVersionId ? <Tag color="green">{t('plugins.versions.mine')}</Tag> : null}
        </Flex>
      ),
    },
    {
      key: 'sha256',
      title: t('plugins.versions.sha256'),
      render: (_, version) => (
        <Typography.Text code copyable={{ text: version.sha256 }} title={version.sha256} data-testid={`plugin-version-sha-${version.id}`}>
          {shortHash(version.sha256)}
        </Typography.Text>
      ),
    },
    { key: 'size', title: t('plugins.versions.size'), render: (_, version) => <span style={{ whiteSpace: 'nowrap' }}>{formatBytes(version.size, language.tag)}</span> },
    { key: 'createdAt', title: t('plugins.versions.uploaded'), render: (_, version) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(version.createdAt)}</span> },
    {
      key: 'actions',
      title: t('plugins.col.actions'),
      render: (_, version) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => onAssign(version.id)} data-testid={`plugin-version-assign-${version.id}`}>
            {t('plugins.actions.assign')}
          </Button>
          {isMain ? (
            <Popconfirm
              title={t('plugins.versions.moveConfirm', { version: version.version })}
              description={t('plugins.versions.moveHint')}
              okButtonProps={{ ...testId('plugin-move-pins-confirm') }}
              onConfirm={() => move.mutate(version)}
            >
              <Button type="link" size="small" loading={move.isPending && move.variables?.id === version.id} data-testid={`plugin-move-pins-${version.id}`}>
                {t('plugins.versions.move')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Modal open width={820} title={t('plugins.versions.title', { name: plugin.name })} footer={null} onCancel={onClose} destroyOnHidden>
      <div data-testid="plugin-versions-dialog">
        <Typography.Paragraph type="secondary">{t('plugins.versions.intro')}</Typography.Paragraph>
        <VersionsTable columns={columns} versions={versions} rowTestId={(version) => `plugin-version-row-${version.id}`} />
      </div>
    </Modal>
  );
}
