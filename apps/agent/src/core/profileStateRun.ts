import { ApiError } from '@facet/api-client';
import { Code, type ProfileLease, type SyncConflictPush, type SyncProgressPush } from '@facet/contracts';
import type { ProfileStateSync } from '../sync/profileStateSync.ts';
import type { SaveResult } from '../sync/uploadState.ts';
import type { AccessEndReason, LeaseHold, LeaseWatch } from './leaseBeat.ts';
import type { StateSaves } from './stateSaves.ts';

/** While a browser runs, its state is saved this often, so a crash or a power cut loses little. */
const LIVE_SAVE_MS = 5 * 60_000;

/** What the agent tells the console about a profile's state (bridge pushes). */
export interface StateEvents {
  progress(push: SyncProgressPush): void;
  conflict(push: SyncConflictPush): void;
  leaseLost(profileId: string, holder: ProfileLease | null): void;
  /** The browser was closed because its holder may no longer run the profile. */
  accessEnded(profileId: string, name: string, reason: AccessEndReason): void;
}

/**
 * A running profile's life beyond its browser: the lease's heartbeat, a save every few minutes,
 * and the save after the browser has gone (however it went), then the lease given back. A save
 * that fails is logged and shown; the folder keeps its changes, and the next start saves them.
 * When the server ends the holder's access (a revoked share, an ended plan), the browser is
 * closed at once: its last save still goes to the owner, then the lease comes back.
 */
export function runProfileState(options: {
  profileId: string;
  /** As the console shows it: the list may no longer hold the row once access has ended. */
  profileName: string;
  state: ProfileStateSync;
  openTabs: () => string[];
  exited: Promise<void>;
  /** Closes the browser (its exit then runs the last save). */
  close: () => Promise<void>;
  /** The profile's place in the machine's lease beat (core/leaseBeat.ts). */
  holdLease: (watch: LeaseWatch) => LeaseHold;
  releaseLease: () => Promise<void>;
  events: StateEvents;
  saves: StateSaves;
  log: (line: string) => void;
  liveSaveMs?: number;
}): void {
  const { profileId, state, events, log } = options;
  let saving: Promise<unknown> = Promise.resolve();
  const lease = options.holdLease({
    lost: (holder) => {
      log(`profile ${profileId}: another computer (${holder?.device ?? 'unknown'}) has opened it; this browser's changes are kept here and saved beside theirs at the next start`);
      events.leaseLost(profileId, holder);
    },
    ended: (reason) => {
      log(`profile ${profileId}: this account may no longer run it (${reason}); closing its browser and saving its state for the owner`);
      events.accessEnded(profileId, options.profileName, reason);
      options.close().catch((error: unknown) => log(`profile ${profileId}: could not close its browser: ${String(error)}`));
    },
  });
  const save = (live: boolean) => {
    saving = saving.then(() => saveOnce(options, live)).catch(() => undefined);
    return saving;
  };
  const periodic = state.parts.length > 0 ? setInterval(() => void (!lease.lost && save(true)), options.liveSaveMs ?? LIVE_SAVE_MS) : null;
  periodic?.unref();
  const final = options.exited.then(async () => {
    lease.stop();
    if (periodic) clearInterval(periodic);
    if (state.parts.length > 0 && !lease.lost) await save(false);
    // A lost lease is another machine's now: nothing to give back.
    if (!lease.lost) await options.releaseLease().catch((error: unknown) => log(`profile ${profileId}: could not release its lease: ${String(error)}`));
  });
  options.saves.track(profileId, final);
}

async function saveOnce(options: Parameters<typeof runProfileState>[0], live: boolean): Promise<SaveResult | null> {
  const { profileId, state, events, log } = options;
  let last = { direction: 'upload' as const, doneBytes: 0, totalBytes: 0 };
  try {
    const result = await state.save(live, options.openTabs(), (progress) => {
      last = { direction: 'upload', doneBytes: progress.doneBytes, totalBytes: progress.totalBytes };
      events.progress({ profileId, ...last, finished: false });
    });
    events.progress({ profileId, ...last, finished: true });
    log(`profile ${profileId}: saved its state as version ${result.version.number} (${result.uploadedBytes} bytes sent of ${result.plainBytes})`);
    if (result.conflictWith) events.conflict({ profileId, savedNumber: result.version.number, otherNumber: result.conflictWith.number, otherDevice: result.conflictWith.device });
    return result;
  } catch (error) {
    events.progress({ profileId, ...last, finished: true, failed: true });
    const lost = error instanceof ApiError && error.code === Code.LEASE_NOT_HELD;
    log(`profile ${profileId}: ${live ? 'the save while running' : 'the save after closing'} did not reach the server${lost ? ' (another computer holds it now)' : ''}: ${String(error)}`);
    return null;
  }
}
