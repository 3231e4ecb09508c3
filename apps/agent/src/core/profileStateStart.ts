import type { SyncOptions, SyncVersion } from '@facet/contracts';
import { ProfileStateSync } from '../sync/profileStateSync.ts';
import { partsOf } from '../sync/syncParts.ts';
import { SyncRefusal } from '../sync/syncRefusal.ts';
import type { SyncProgress, SyncTransport } from '../sync/syncTransport.ts';
import type { StateEvents } from './profileStateRun.ts';
import { StartFailure } from '../startFailure.ts';

/**
 * The state half of a start, before Chromium is spawned: the profile's folder brought to the
 * newest stored version (or this machine's unsaved changes saved first), with the download's
 * progress pushed to the console. A stored version that cannot be used stops the start with a
 * reason the console names, and the folder stays as it was.
 */
export async function prepareProfileState(options: {
  profileId: string;
  userDataDir: string;
  syncKey: string;
  syncOptions: SyncOptions;
  head: SyncVersion | null;
  transport: SyncTransport;
  events: StateEvents;
  log: (line: string) => void;
}): Promise<{ state: ProfileStateSync; tabs: string[] }> {
  const { profileId, events } = options;
  let last: SyncProgress | null = null;
  // The last progress once more, as the end (a download that had nothing to fetch pushed none).
  const finish = (failed: boolean) => {
    if (last) events.progress({ profileId, ...last, finished: true, ...(failed ? { failed } : {}) });
  };
  const state = new ProfileStateSync({
    userDataDir: options.userDataDir,
    profileId,
    syncKey: options.syncKey,
    parts: partsOf(options.syncOptions),
    transport: options.transport,
    onProgress: (progress) => {
      last = progress;
      events.progress({ profileId, ...progress, finished: false });
    },
  });
  try {
    const prepared = await state.prepare(options.head);
    finish(false);
    for (const { version, refusal } of prepared.refused) {
      options.log(`profile ${profileId}: refused stored version ${version.number} (saved by ${version.by} on ${version.device}): ${refusal.reason}: ${refusal.detail}; the server was told and passes it over`);
    }
    if (prepared.action === 'downloaded') options.log(`profile ${profileId}: brought to version ${prepared.opened?.number} (${prepared.downloadedBytes} bytes downloaded)`);
    const saved = prepared.conflict;
    if (saved?.conflictWith) events.conflict({ profileId, savedNumber: saved.version.number, otherNumber: saved.conflictWith.number, otherDevice: saved.conflictWith.device });
    return { state, tabs: prepared.tabs };
  } catch (error) {
    finish(true);
    if (error instanceof SyncRefusal) throw new StartFailure('syncRefused', `the stored state was not applied (${error.reason}): ${error.detail}`);
    throw new StartFailure('syncUnavailable', `the stored state could not be brought over: ${String(error)}`);
  }
}
