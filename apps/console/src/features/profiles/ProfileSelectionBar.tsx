import { AppstoreOutlined, DeleteOutlined, ExportOutlined, FolderOutlined, GlobalOutlined, PauseCircleOutlined, PlayCircleOutlined, SendOutlined, ShareAltOutlined, SyncOutlined, TagsOutlined, TeamOutlined } from '@ant-design/icons';
import { App, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { testId } from '../../lib/testId.ts';
import { AssignProxyDialog, ExportDialog, MoveGroupDialog, ShareDialog, ShareMembersDialog, TagProfilesDialog, TransferDialog } from './profileDialogs.ts';
import { useDeleteProfiles } from './useDeleteProfiles.ts';

type Dialog = 'move' | 'tags' | 'proxy' | 'export' | 'share' | 'members' | 'transfer' | null;

/** What the desktop client does with the selected profiles' browsers (absent in the browser version). */
interface SelectionBrowserActions {
  open: (ids: string[]) => void;
  close: (ids: string[]) => void;
  arrange: (ids: string[]) => void;
  /** Opens the window synchronizer's start dialog for them. */
  synchronize: (ids: string[]) => void;
}

/**
 * Batch actions on the selected profiles: in the desktop client open, close, arrange and
 * synchronize their browsers; then delete (to the recycle bin), move, tags, a saved proxy, export, share, manage
 * sharing, transfer.
 */
export function ProfileSelectionBar({ ids, onDone, browsers }: { ids: string[]; onDone: () => void; browsers?: SelectionBrowserActions }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useDeleteProfiles(onDone);
  const finished = () => {
    setDialog(null);
    onDone();
  };

  const confirmDelete = () =>
    modal.confirm({
      title: t('profiles.deleteManyConfirm', { count: ids.length }),
      content: t('profiles.deleteHint'),
      okText: t('profiles.delete'),
      okButtonProps: { danger: true, ...testId('batch-delete-confirm') },
      onOk: () => remove.mutateAsync(ids),
    });

  if (ids.length === 0) return null;
  return (
    <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }} data-testid="selection-bar">
      <Typography.Text data-testid="selection-count">{t('profiles.selected', { count: ids.length })}</Typography.Text>
      {browsers ? (
        <>
          <Button type="primary" icon={<PlayCircleOutlined />} onClick={() => browsers.open(ids)} data-testid="batch-open">
            {t('browserBatch.openSelected')}
          </Button>
          <Button icon={<PauseCircleOutlined />} onClick={() => browsers.close(ids)} data-testid="batch-close-browsers">
            {t('browserBatch.closeSelected')}
          </Button>
          <Button icon={<AppstoreOutlined />} onClick={() => browsers.arrange(ids)} data-testid="batch-arrange">
            {t('arrangeWindows.button')}
          </Button>
          <Button icon={<SyncOutlined />} onClick={() => browsers.synchronize(ids)} data-testid="synchronizer-open">
            {t('synchronizer.button')}
          </Button>
        </>
      ) : null}
      <Button danger icon={<DeleteOutlined />} onClick={confirmDelete} loading={remove.isPending} data-testid="batch-delete">
        {t('profiles.delete')}
      </Button>
      <Button icon={<FolderOutlined />} onClick={() => setDialog('move')} data-testid="batch-move">
        {t('profiles.moveGroup')}
      </Button>
      <Button icon={<TagsOutlined />} onClick={() => setDialog('tags')} data-testid="batch-tags">
        {t('tags.title')}
      </Button>
      <Button icon={<GlobalOutlined />} onClick={() => setDialog('proxy')} data-testid="batch-proxy">
        {t('proxies.assign')}
      </Button>
      <Button icon={<ExportOutlined />} onClick={() => setDialog('export')} data-testid="batch-export">
        {t('profileFiles.export')}
      </Button>
      <Button icon={<ShareAltOutlined />} onClick={() => setDialog('share')} data-testid="batch-share">
        {t('sharing.share')}
      </Button>
      <Button icon={<TeamOutlined />} onClick={() => setDialog('members')} data-testid="batch-members">
        {t('sharing.manage')}
      </Button>
      <Button icon={<SendOutlined />} onClick={() => setDialog('transfer')} data-testid="batch-transfer">
        {t('sharing.transfer')}
      </Button>
      <Button type="link" onClick={onDone} data-testid="selection-clear">
        {t('profiles.clearSelection')}
      </Button>
      {dialog === 'move' ? <MoveGroupDialog ids={ids} onClose={() => setDialog(null)} onDone={finished} /> : null}
      {dialog === 'share' ? <ShareDialog ids={ids} onClose={() => setDialog(null)} onDone={finished} /> : null}
      {dialog === 'tags' ? <TagProfilesDialog ids={ids} onClose={() => setDialog(null)} onDone={finished} /> : null}
      {dialog === 'proxy' ? <AssignProxyDialog ids={ids} onClose={() => setDialog(null)} onDone={finished} /> : null}
      {dialog === 'export' ? <ExportDialog ids={ids} onClose={() => setDialog(null)} /> : null}
      {dialog === 'members' ? <ShareMembersDialog ids={ids} onClose={() => setDialog(null)} /> : null}
      {dialog === 'transfer' ? <TransferDialog ids={ids} onClose={() => setDialog(null)} onDone={finished} /> : null}
    </Flex>
  );
}
