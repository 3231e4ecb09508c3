import type { Plugin } from '@facet/contracts';
import { Avatar, Button, Flex, Popconfirm, Switch, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { testId } from '../../lib/testId.ts';

/** What a row can ask the page to do. */
interface PluginRowHandlers {
  /** Switch on (opens the version choice) or change the acting account's pinned version. */
  enable: (plugin: Plugin) => void;
  switchOff: (plugin: Plugin) => void;
  assign: (plugin: Plugin) => void;
  versions: (plugin: Plugin) => void;
  newVersion: (plugin: Plugin) => void;
  edit: (plugin: Plugin) => void;
  setDisabledEverywhere: (plugin: Plugin, disabled: boolean) => void;
  remove: (plugin: Plugin) => void;
}

interface ColumnTools {
  t: TFunction;
  formatDate: (ms: number) => string;
  isMain: boolean;
  /** The plugin whose own switch is being changed, to show it as busy. */
  switching: string | null;
  on: PluginRowHandlers;
}

/** The acting account's own switch, and which version its profiles load. */
function OwnSwitch({ plugin, t, switching, on }: { plugin: Plugin } & Pick<ColumnTools, 't' | 'switching' | 'on'>) {
  const pinnedLatest = plugin.enabledVersionId === plugin.latestVersion.id;
  return (
    <Flex vertical gap={2} align="start">
      <Switch
        checked={plugin.enabled}
        loading={switching === plugin.id}
        onChange={(checked) => (checked ? on.enable(plugin) : on.switchOff(plugin))}
        aria-label={t('plugins.col.mine')}
        data-testid={`plugin-enable-${plugin.id}`}
      />
      {plugin.enabled ? (
        <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={() => on.enable(plugin)} data-testid={`plugin-pin-${plugin.id}`}>
          {pinnedLatest ? t('plugins.mineLatest') : t('plugins.mineOlder')}
        </Button>
      ) : null}
    </Flex>
  );
}

/** The main account's actions on a plugin it uploaded. */
function OwnerActions({ plugin, t, on }: { plugin: Plugin } & Pick<ColumnTools, 't' | 'on'>) {
  return (
    <>
      <Button type="link" size="small" onClick={() => on.newVersion(plugin)} data-testid={`plugin-new-version-${plugin.id}`}>
        {t('plugins.actions.newVersion')}
      </Button>
      <Button type="link" size="small" onClick={() => on.edit(plugin)} data-testid={`plugin-edit-${plugin.id}`}>
        {t('plugins.actions.edit')}
      </Button>
      {plugin.disabledEverywhere ? (
        <Button type="link" size="small" onClick={() => on.setDisabledEverywhere(plugin, false)} data-testid={`plugin-disable-everywhere-${plugin.id}`}>
          {t('plugins.actions.enableEverywhere')}
        </Button>
      ) : (
        <Popconfirm
          title={t('plugins.everywhere.confirm', { name: plugin.name })}
          description={t('plugins.everywhere.confirmHint')}
          okButtonProps={{ ...testId('plugin-disable-everywhere-confirm') }}
          onConfirm={() => on.setDisabledEverywhere(plugin, true)}
        >
          <Button type="link" size="small" data-testid={`plugin-disable-everywhere-${plugin.id}`}>
            {t('plugins.actions.disableEverywhere')}
          </Button>
        </Popconfirm>
      )}
      <Popconfirm
        title={t('plugins.remove.confirm', { name: plugin.name })}
        description={<div style={{ maxWidth: 320 }}>{t('plugins.remove.confirmHint')}</div>}
        okText={t('plugins.remove.submit')}
        okButtonProps={{ danger: true, ...testId('plugin-remove-confirm') }}
        onConfirm={() => on.remove(plugin)}
      >
        <Button type="link" size="small" danger data-testid={`plugin-remove-${plugin.id}`}>
          {t('plugins.actions.remove')}
        </Button>
      </Popconfirm>
    </>
  );
}

export function pluginColumns({ t, formatDate, isMain, switching, on }: ColumnTools): TableColumnsType<Plugin> {
  return [
    { key: 'icon', title: t('plugins.col.icon'), width: 64, render: (_, plugin) => <Avatar shape="square" size={40} src={plugin.icon} alt="" data-testid={`plugin-icon-${plugin.id}`} /> },
    {
      key: 'name',
      title: t('plugins.col.name'),
      render: (_, plugin) => (
        <Flex vertical gap={2} style={{ minWidth: 180, maxWidth: 360 }}>
          <Flex gap={6} wrap align="center">
            <Typography.Text strong data-testid={`plugin-name-${plugin.id}`}>
              {plugin.name}
            </Typography.Text>
            {plugin.disabledEverywhere ? (
              <Tooltip title={t('plugins.disabledEverywhereHint')}>
                <Tag color="red" style={{ marginInlineEnd: 0 }} data-testid={`plugin-disabled-everywhere-tag-${plugin.id}`}>
                  {t('plugins.disabledEverywhere')}
                </Tag>
              </Tooltip>
            ) : null}
          </Flex>
          {plugin.introduction ? (
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: plugin.introduction }} style={{ margin: 0 }}>
              {plugin.introduction}
            </Typography.Paragraph>
          ) : null}
        </Flex>
      ),
    },
    { key: 'publisher', title: t('plugins.col.publisher'), dataIndex: 'publisher', render: (publisher: string) => publisher || <Typography.Text type="secondary">—</Typography.Text> },
    {
      key: 'latest',
      title: t('plugins.col.latest'),
      render: (_, plugin) => (
        <Flex vertical gap={2}>
          <span data-testid={`plugin-latest-${plugin.id}`}>{plugin.latestVersion.version}</span>
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap', fontSize: 12 }}>
            {formatDate(plugin.latestVersion.createdAt)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'versions',
      title: t('plugins.col.versions'),
      width: 100,
      render: (_, plugin) => (
        <Tooltip title={t('plugins.actions.versions')}>
          <Button type="link" size="small" onClick={() => on.versions(plugin)} data-testid={`plugin-versions-${plugin.id}`}>
            {plugin.versionCount}
          </Button>
        </Tooltip>
      ),
    },
    { key: 'mine', title: t('plugins.col.mine'), width: 150, render: (_, plugin) => <OwnSwitch plugin={plugin} t={t} switching={switching} on={on} /> },
    {
      key: 'actions',
      title: t('plugins.col.actions'),
      width: 150,
      // One action a line: five links side by side pushed the column past a laptop's screen.
      render: (_, plugin) => (
        <Flex vertical align="start">
          <Button type="link" size="small" onClick={() => on.assign(plugin)} data-testid={`plugin-assign-${plugin.id}`}>
            {t('plugins.actions.assign')}
          </Button>
          {isMain ? <OwnerActions plugin={plugin} t={t} on={on} /> : null}
        </Flex>
      ),
    },
  ];
}
