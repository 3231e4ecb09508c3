import { UploadOutlined } from '@ant-design/icons';
import { type Plugin } from '@facet/contracts';
import { Alert, Button, Empty, Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { testId } from '../../lib/testId.ts';
import { useDateTimeFormat } from '../../lib/useDateTimeFormat.ts';
import { useMember } from '../auth/index.ts';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { AssignDialog } from './AssignDialog.tsx';
import { EditPluginDialog } from './EditPluginDialog.tsx';
import { EnableDialog } from './EnableDialog.tsx';
import { pluginColumns } from './pluginColumns.tsx';
import { usePluginPage, type PluginListQuery } from './pluginQueries.ts';
import { UploadDialog } from './UploadDialog.tsx';
import { usePluginActions } from './usePluginActions.ts';
import { VersionsDialog } from './VersionsDialog.tsx';
import { errorText } from '../../lib/errorText.ts';
import { listPagination } from '../../ui/listPagination.ts';

const firstPage: PluginListQuery = { page: 1, limit: 20 };

/**
 * /wel/application, the plugin centre (spec §1, §3, §5): the team's Chromium extensions. The
 * main account uploads, edits, versions, switches off for everyone and removes them; every
 * account switches one on for its own profiles with a chosen version, and pins versions on its
 * own profiles and groups. The server checks every role; the buttons only follow it.
 */
export default function PluginCentrePage() {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  const member = useMember();
  const isMain = member.data?.type === 'main';
  const [query, setQuery] = useState<PluginListQuery>(firstPage);
  const plugins = usePluginPage(query);
  const { switchOff, everywhere, remove } = usePluginActions();
  // undefined: closed; null: a new plugin; a plugin: a new version of it.
  const [uploading, setUploading] = useState<Plugin | null | undefined>(undefined);
  const [editing, setEditing] = useState<Plugin | null>(null);
  const [enabling, setEnabling] = useState<Plugin | null>(null);
  const [assigning, setAssigning] = useState<{ plugin: Plugin; versionId?: string } | null>(null);
  const [versionsOf, setVersionsOf] = useState<Plugin | null>(null);

  const columns = pluginColumns({
    t,
    formatDate,
    isMain,
    switching: switchOff.isPending ? (switchOff.variables?.id ?? null) : null,
    on: {
      enable: setEnabling,
      switchOff: (plugin) => switchOff.mutate(plugin),
      assign: (plugin) => setAssigning({ plugin }),
      versions: setVersionsOf,
      newVersion: setUploading,
      edit: setEditing,
      setDisabledEverywhere: (plugin, disabled) => everywhere.mutate({ plugin, disabled }),
      remove: (plugin) => remove.mutate(plugin),
    },
  });

  return (
    <div data-testid="screen-application">
      <div data-testid="plugin-centre">
        <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 8 }}>
          <PageTitle>{t('plugins.title')}</PageTitle>
          {isMain ? (
            <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(null)} data-testid="plugin-upload">
              {t('plugins.upload.button')}
            </Button>
          ) : null}
        </Flex>
        <Typography.Paragraph type="secondary" data-testid="plugin-centre-intro">
          {t(isMain ? 'plugins.introMain' : 'plugins.introSub')}
        </Typography.Paragraph>
        {plugins.error ? (
          <Alert
            type="warning"
            showIcon
            title={errorText(plugins.error, t)}
            action={
              <Button size="small" onClick={() => void plugins.refetch()}>
                {t('common.retry')}
              </Button>
            }
            style={{ marginBottom: 12 }}
            data-testid="plugin-list-error"
          />
        ) : null}
        <Table<Plugin>
          rowKey="id"
          columns={columns}
          dataSource={plugins.data?.list ?? []}
          loading={plugins.isFetching || everywhere.isPending || remove.isPending}
          scroll={{ x: 'max-content' }}
          onRow={(plugin) => testId(`plugin-row-${plugin.id}`)}
          data-testid="plugin-table"
          locale={{
            emptyText: (
              <Empty
                data-testid="plugin-empty"
                description={
                  <>
                    <Typography.Text strong>{t('plugins.emptyTitle')}</Typography.Text>
                    <br />
                    <Typography.Text type="secondary">{t(isMain ? 'plugins.emptyMain' : 'plugins.emptySub')}</Typography.Text>
                  </>
                }
              />
            ),
          }}
          pagination={listPagination(query, plugins.data?.total ?? 0, { totalText: (total) => t('plugins.total', { count: total }), setQuery })}
        />
      </div>
      {uploading !== undefined ? <UploadDialog plugin={uploading} onClose={() => setUploading(undefined)} /> : null}
      {editing ? <EditPluginDialog plugin={editing} onClose={() => setEditing(null)} /> : null}
      {enabling ? <EnableDialog plugin={enabling} onClose={() => setEnabling(null)} /> : null}
      {assigning ? <AssignDialog plugin={assigning.plugin} versionId={assigning.versionId} onClose={() => setAssigning(null)} /> : null}
      {versionsOf ? (
        <VersionsDialog
          plugin={versionsOf}
          isMain={isMain}
          onAssign={(versionId) => {
            setAssigning({ plugin: versionsOf, versionId });
            setVersionsOf(null);
          }}
          onClose={() => setVersionsOf(null)}
        />
      ) : null}
    </div>
  );
}
