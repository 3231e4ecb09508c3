import { deferred, type Deferred } from '../../lib/deferred.tsx';

// What the browser list and its selection bar open on demand: the list shows without their code,
// which comes once the browser is idle after it has shown (lib/deferred.tsx).
export const ArrangeWindowsDialog = deferred(() => import('../browsers/ArrangeWindowsDialog.tsx').then((m) => m.ArrangeWindowsDialog));
export const CookieDialog = deferred(() => import('../cookies/CookieDialog.tsx').then((m) => m.CookieDialog));
export const BatchCreateDialog = deferred(() => import('./BatchCreateDialog.tsx').then((m) => m.BatchCreateDialog));
export const ProfileFormDrawer = deferred(() => import('./ProfileFormDrawer.tsx').then((m) => m.ProfileFormDrawer));
export const ColumnSettingsDialog = deferred(() => import('./ColumnSettingsDialog.tsx').then((m) => m.ColumnSettingsDialog));
export const TagManagerDialog = deferred(() => import('../tags/TagManagerDialog.tsx').then((m) => m.TagManagerDialog));
export const ImportDialog = deferred(() => import('../profileFiles/ImportDialog.tsx').then((m) => m.ImportDialog));
export const ProxyListDialog = deferred(() => import('../proxies/ProxyListDialog.tsx').then((m) => m.ProxyListDialog));
export const ShareMembersDialog = deferred(() => import('../sharing/ShareMembersDialog.tsx').then((m) => m.ShareMembersDialog));
export const SavedVersionsDialog = deferred(() => import('../sync/SavedVersionsDialog.tsx').then((m) => m.SavedVersionsDialog));
export const MoveGroupDialog = deferred(() => import('./MoveGroupDialog.tsx').then((m) => m.MoveGroupDialog));
export const ShareDialog = deferred(() => import('./ShareDialog.tsx').then((m) => m.ShareDialog));
export const TagProfilesDialog = deferred(() => import('../tags/TagProfilesDialog.tsx').then((m) => m.TagProfilesDialog));
export const AssignProxyDialog = deferred(() => import('../proxies/AssignProxyDialog.tsx').then((m) => m.AssignProxyDialog));
export const ExportDialog = deferred(() => import('../profileFiles/ExportDialog.tsx').then((m) => m.ExportDialog));
export const TransferDialog = deferred(() => import('./TransferDialog.tsx').then((m) => m.TransferDialog));

/** Every one of them, for usePreloadWhenIdle. */
export const profileDialogs: readonly Deferred<never>[] = [ArrangeWindowsDialog, CookieDialog, BatchCreateDialog, ProfileFormDrawer, ColumnSettingsDialog, TagManagerDialog, ImportDialog, ProxyListDialog, ShareMembersDialog, SavedVersionsDialog, MoveGroupDialog, ShareDialog, TagProfilesDialog, AssignProxyDialog, ExportDialog, TransferDialog];
