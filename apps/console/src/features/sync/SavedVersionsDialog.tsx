import type { ProfileLease, SyncVersion } from '@facet/contracts';
import { formatBytes } from '@facet/i18n/formatBytes';
import { Alert, App, Button, Empty, Flex, Modal, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../lib/Preferences.tsx';
import { testId } from '../../lib/testId.ts';
import { useDateTimeFormat } from '../../lib/useDateTimeFormat.ts';
import { useRestoreSyncVersion, useSyncVersions } from './syncQueries.ts';
import { partTextKey, refusalTextKey, refusedText, versionBadges } from './versionBadges.ts';
import { VersionsTable } from '../../ui/VersionsTable.tsx';

interface SavedVersionsDialogProps {
  profileId: string;
  name: string;
  /** Where the profile is open now, as the list row says (restoring waits until it closes). */
  openOn?: ProfileLease | null;
  /** Edit access: without it the list shows, Restore does not. */
  canRestore?: boolean;
  onClose: () => void;
}

/**
 * The stored versions of a profile's state, newest first: which computer saved each, who was
 * signed in there, its size and parts; an older one can be made the newest again. A version a
 * computer refused is marked, and said above the list: which, who saved it, who refused it, why.
 */
export function SavedVersionsDialog({ profileId, name, openOn = null, canRestore = true, onClose }: SavedVersionsDialogProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { language } = usePreferences();
  const formatDate = useDateTimeFormat();
  const versions = useSyncVersions(profileId);
  const restore = useRestoreSyncVersion(profileId);

  const confirmRestore = (version: SyncVersion) =>
    modal.confirm({
      title: t('syncState.versions.restoreConfirm', { number: version.number }),
      content: t('syncState.versions.restoreHint'),
      okText: t('syncState.versions.restore'),
      okButtonProps: { ...testId('sync-restore-confirm') },
      onOk: () => restore.mutateAsync(version).catch(() => undefined),
    });

  const columns: TableColumnsType<SyncVersion> = [
    {
      key: 'number',
      title: t('syncState.versions.col.version'),
      // Wide enough for the number and one tag; more tags wrap rather than scroll the table.
      width: 190,
      render: (_, version) => (
        <Flex gap={6} wrap align="center">
          <Typography.Text strong>#{version.number}</Typography.Text>
          {versionBadges(version).map((badge) => {
            const tag = (
              <Tag key={badge.key} color={badge.color} style={{ marginInlineEnd: 0 }} data-testid={`sync-version-badge-${badge.key}-${version.number}`}>
                {t(badge.textKey, badge.values)}
              </Tag>
            );
            const refused = badge.key === 'refused' ? version.refused : null;
            return refused ? (
              <Tooltip key={badge.key} title={t('syncState.versions.refusedDetail', { device: refused.device, by: refused.by, at: formatDate(refused.at), reason: t(refusalTextKey(refused.reason)) })}>
                {tag}
              </Tooltip>
            ) : (
              tag
            );
          })}
        </Flex>
      ),
    },
    { key: 'createdAt', title: t('syncState.versions.col.savedAt'), render: (_, version) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(version.createdAt)}</span> },
    { key: 'device', title: t('syncState.versions.col.device'), dataIndex: 'device', ellipsis: true },
    { key: 'by', title: t('syncState.versions.col.by'), dataIndex: 'by', ellipsis: true },
    { key: 'size', title: t('syncState.versions.col.size'), render: (_, version) => <span style={{ whiteSpace: 'nowrap' }}>{formatBytes(version.plainBytes, language.tag)}</span> },
    {
      key: 'parts',
      title: t('syncState.versions.col.parts'),
      width: 200,
      render: (_, version) => (
        <Flex gap={2} wrap>
          {version.parts.map((part) => (
            <Tag key={part} style={{ marginInlineEnd: 0 }}>
              {t(partTextKey(part))}
            </Tag>
          ))}
        </Flex>
      ),
    },
    ...(canRestore
      ? [
          {
            key: 'actions',
            title: t('syncState.versions.col.actions'),
            render: (_: unknown, version: SyncVersion) =>
              version.head ? null : (
                <Button
                  type="link"
                  size="small"
                  onClick={() => confirmRestore(version)}
                  loading={restore.isPending && restore.variables?.id === version.id}
                  data-testid={`sync-version-restore-${version.number}`}
                >
                  {t('syncState.versions.restore')}
                </Button>
              ),
          },
        ]
      : []),
  ];

  const refusedNotices = (list: SyncVersion[]) => {
    const usingNumber = list.find((v) => v.head)?.number ?? null;
    return list.flatMap((version) =>
      version.refused
        ? [{ version, text: refusedText(version, version.refused, usingNumber, (reason) => t(refusalTextKey(reason))) }]
        : [],
    );
  };

  return (
    <Modal open width={920} title={t('syncState.versions.title', { name })} footer={null} onCancel={onClose} destroyOnHidden>
      <div data-testid="sync-versions-dialog" data-profile={profileId}>
        <Typography.Paragraph type="secondary">{t('syncState.versions.intro')}</Typography.Paragraph>
        {openOn && canRestore ? (
          <Alert type="info" showIcon title={t('syncState.versions.openNow', { device: openOn.device })} style={{ marginBottom: 12 }} data-testid="sync-versions-open-elsewhere" />
        ) : null}
        {refusedNotices(versions.data ?? []).map(({ version, text }) => (
          <Alert key={version.id} type="warning" showIcon title={t(text.key, text.values)} style={{ marginBottom: 12 }} data-testid={`sync-version-refused-${version.number}`} />
        ))}
        <VersionsTable columns={columns} versions={versions} rowTestId={(version) => `sync-version-row-${version.number}`} empty={<Empty description={t('syncState.versions.empty')} />} />
      </div>
    </Modal>
  );
}
