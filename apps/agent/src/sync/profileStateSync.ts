import type { SyncPart, SyncVersion } from '@facet/contracts';
import { applyInterrupted, applyState } from './applyState.ts';
import { readSyncState, recordsOf, type LocalSyncState } from './localSyncState.ts';
import { syncKeys, type SyncKeys } from './syncCrypto.ts';
import { SyncRefusal } from './syncRefusal.ts';
import { filesOf } from './syncParts.ts';
import type { SyncProgress, SyncTransport } from './syncTransport.ts';
import { uploadState, type SaveResult } from './uploadState.ts';

export interface PrepareResult {
  /** What was done before the start: nothing (the folder is the newest version), a download, or a save of this machine's unsaved state. */
  action: 'current' | 'downloaded' | 'savedLocal' | 'none';
  /** The tabs the profile had open at its last save (reopened when it syncs tabs). */
  tabs: string[];
  /** A save of this machine's state made beside a newer one (both kept). */
  conflict: SaveResult | null;
  downloadedBytes: number;
  /** The stored versions this start refused and told the server of, newest first; the folder took none of them. */
  refused: { version: SyncVersion; refusal: SyncRefusal }[];
  /** The version the folder is now (null: none was usable, or nothing to do). */
  opened: SyncVersion | null;
}

/**
 * One profile's state on this machine against the server's versions: brought up to date before
 * its browser starts, saved while it runs and after it stops.
 */
export class ProfileStateSync {
  private readonly keys: SyncKeys;

  constructor(
    private readonly options: {
      userDataDir: string;
      profileId: string;
      syncKey: string;
      parts: SyncPart[];
      transport: SyncTransport;
      onProgress?: (progress: SyncProgress) => void;
    },
  ) {
    this.keys = syncKeys(options.syncKey);
  }

  get parts(): SyncPart[] {
    return this.options.parts;
  }

  /**
   * Before Chromium starts. The folder already is the newest version: nothing to do (one walk of
   * the synced folders). It holds changes no version has (its last session ended without a save:
   * a crash, no network): those are saved first, beside the newest if another machine saved
   * meanwhile, so nothing is overwritten. Otherwise the newest version is downloaded into it.
   * A version this machine refuses (damaged, or made to write more or elsewhere than it may) is
   * reported to the server, which answers the newest one nobody refused: that one is tried
   * next, so one bad save cannot stop every start (issue 34).
   */
  async prepare(head: SyncVersion | null): Promise<PrepareResult> {
    const { userDataDir } = this.options;
    const state = await readSyncState(userDataDir);
    const nothing = { conflict: null, downloadedBytes: 0, refused: [], opened: null };
    if (this.options.parts.length === 0) return { ...nothing, action: 'none', tabs: [] };
    const interrupted = await applyInterrupted(userDataDir);
    const unsaved = !interrupted && (await this.hasUnsavedChanges(state));
    if (unsaved) {
      const saved = await this.save(false, state.tabs);
      return { ...nothing, action: 'savedLocal', tabs: state.tabs, conflict: saved.conflictWith ? saved : null };
    }
    const refused: PrepareResult['refused'] = [];
    for (let candidate = head; candidate; ) {
      if (!interrupted && state.versionId === candidate.id) return { ...nothing, action: 'current', tabs: state.tabs, refused, opened: candidate };
      try {
        const { manifest, downloadedBytes } = await applyState({ userDataDir, profileId: this.options.profileId, head: candidate, keys: this.keys, transport: this.options.transport, onProgress: this.options.onProgress });
        return { action: 'downloaded', tabs: manifest.parts.includes('tabs') ? manifest.tabs : state.tabs, conflict: null, downloadedBytes, refused, opened: candidate };
      } catch (error) {
        if (!(error instanceof SyncRefusal)) throw error;
        refused.push({ version: candidate, refusal: error });
        // Untold (the server unreachable), the start stops with the refusal itself, saying so.
        const next: SyncVersion | null = await this.options.transport.refuse(this.options.profileId, candidate.id, error.reason).catch((told: unknown) => {
          throw new SyncRefusal(error.reason, `${error.detail}; the server could not be told: ${String(told)}`);
        });
        // A server answering a version already refused here would loop: the start stops instead.
        if (next && refused.some((r) => r.version.id === next.id)) throw error;
        candidate = next;
      }
    }
    // Nothing usable is stored: the folder stays as this machine had it.
    return { ...nothing, action: 'none', tabs: state.tabs, refused };
  }

  /** A new version from the folder; `live` while the browser runs (files it writes meanwhile keep their last saved bytes). */
  save(live: boolean, tabs: string[], onProgress: ((progress: SyncProgress) => void) | undefined = this.options.onProgress): Promise<SaveResult> {
    return uploadState({ ...this.options, keys: this.keys, tabs, live, onProgress });
  }

  /** Whether the synced files differ from what the state says the folder holds (a file added, changed or gone). */
  private async hasUnsavedChanges(state: LocalSyncState): Promise<boolean> {
    const known = recordsOf(state, this.options.parts);
    const here = await filesOf(this.options.userDataDir, this.options.parts);
    if (here.length !== known.size) return true;
    return here.some((f) => {
      const record = known.get(f.path);
      return !record || record.size !== f.size || record.mtimeMs !== f.mtimeMs;
    });
  }
}
