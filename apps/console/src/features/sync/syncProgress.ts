import type { SyncProgressPush } from '@facet/contracts';
import { formatBytes } from '@facet/i18n/formatBytes';
import type { TFunction } from 'i18next';

/** The transfers of profile state under way on this machine, by profile id. */
export type SyncProgressMap = ReadonlyMap<string, SyncProgressPush>;

/** The map after one `syncprogress` push: a finished transfer (failed or not) leaves it. */
export function applySyncProgress(current: SyncProgressMap, push: SyncProgressPush): SyncProgressMap {
  const next = new Map(current);
  if (push.finished) next.delete(push.profileId);
  else next.set(push.profileId, push);
  return next;
}

/** How far a transfer is, 0–100; 0 while its size is not known yet. */
export function syncProgressPercent(progress: SyncProgressPush): number {
  if (progress.totalBytes <= 0) return 0;
  return Math.min(100, Math.floor((progress.doneBytes / progress.totalBytes) * 100));
}

/** "Downloading state… 12 MB of 40 MB" / "Saving state…", sizes in the console's language. */
export function syncProgressText(progress: SyncProgressPush, t: TFunction, language: string): string {
  const download = progress.direction === 'download';
  if (progress.totalBytes <= 0) return t(download ? 'syncState.downloading' : 'syncState.saving');
  const sizes = { done: formatBytes(progress.doneBytes, language), total: formatBytes(progress.totalBytes, language) };
  return t(download ? 'syncState.downloadingBytes' : 'syncState.savingBytes', sizes);
}
