import { deferred, type Deferred } from '../../lib/deferred.tsx';
import { loadArrangeWindowsDialog } from '../browsers/index.ts';
import { loadCookieDialog } from '../cookies/index.ts';
import { loadImportDialog, loadExportDialog } from '../profileFiles/index.ts';
import { loadProxyListDialog, loadAssignProxyDialog } from '../proxies/index.ts';
import { loadShareMembersDialog } from '../sharing/index.ts';
import { loadOpenRemotelyDialog } from '../remote/index.ts';
import { loadSavedVersionsDialog } from '../sync/index.ts';
import { loadSynchronizeDialog, loadSynchronizerPanel } from '../synchronizer/index.ts';
import { loadTagManagerDialog, loadTagProfilesDialog } from '../tags/index.ts';

// What the browser list and its selection bar open on demand: the list shows without their code,
// which comes once the browser is idle after it has shown (lib/deferred.tsx).
export const BatchCreateDialog = deferred(() => import('./BatchCreateDialog.tsx').then((m) => m.BatchCreateDialog));
export const ProfileFormDrawer = deferred(() => import('./ProfileFormDrawer.tsx').then((m) => m.ProfileFormDrawer));
export const ColumnSettingsDialog = deferred(() => import('./ColumnSettingsDialog.tsx').then((m) => m.ColumnSettingsDialog));
export const MoveGroupDialog = deferred(() => import('./MoveGroupDialog.tsx').then((m) => m.MoveGroupDialog));
export const ShareDialog = deferred(() => import('./ShareDialog.tsx').then((m) => m.ShareDialog));
export const TransferDialog = deferred(() => import('./TransferDialog.tsx').then((m) => m.TransferDialog));
export const ArrangeWindowsDialog = deferred(loadArrangeWindowsDialog);
export const CookieDialog = deferred(loadCookieDialog);
export const ImportDialog = deferred(loadImportDialog);
export const ExportDialog = deferred(loadExportDialog);
export const ProxyListDialog = deferred(loadProxyListDialog);
export const AssignProxyDialog = deferred(loadAssignProxyDialog);
export const ShareMembersDialog = deferred(loadShareMembersDialog);
export const SavedVersionsDialog = deferred(loadSavedVersionsDialog);
export const TagManagerDialog = deferred(loadTagManagerDialog);
export const TagProfilesDialog = deferred(loadTagProfilesDialog);
export const SynchronizeDialog = deferred(loadSynchronizeDialog);
export const OpenRemotelyDialog = deferred(loadOpenRemotelyDialog);
export const SynchronizerPanel = deferred(loadSynchronizerPanel);

/** Every one of them, for usePreloadWhenIdle. */
export const profileDialogs: readonly Deferred<never>[] = [ArrangeWindowsDialog, CookieDialog, BatchCreateDialog, ProfileFormDrawer, ColumnSettingsDialog, TagManagerDialog, ImportDialog, ProxyListDialog, ShareMembersDialog, SavedVersionsDialog, MoveGroupDialog, ShareDialog, TagProfilesDialog, AssignProxyDialog, ExportDialog, TransferDialog, SynchronizeDialog, SynchronizerPanel];
