import { ApiError } from '@facet/api-client';
import { Code, type LeaseBeat, type SyncConflictPush, type SyncProgressPush, type SyncVersion } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import type { ProfileStateSync } from '../sync/profileStateSync.ts';
import type { SaveResult } from '../sync/uploadState.ts';
import { LeaseBeats } from './leaseBeat.ts';
import { runProfileState } from './profileStateRun.ts';
import { StateSaves } from './stateSaves.ts';

const version = (number: number, device = 'Laptop'): SyncVersion => ({
  id: `v${number}`,
  number,
  createdAt: 0,
  device,
  by: 'anna',
  parts: ['site'],
  plainBytes: 10,
  manifestChunk: 'a'.repeat(64),
  baseNumber: null,
  conflictWith: null,
  restoredFrom: null,
  head: true,
  refused: null,
});

/** A browser that runs until `close()`, a state whose saves are recorded, and what the console was told. */
const held = (ids: string[]): LeaseBeat[] => ids.map((id) => ({ id, state: 'held', expiresAt: Date.now() + 120_000, holder: null, reason: null }));

function scenario(options: { saveFails?: boolean; conflict?: boolean; beat?: (ids: string[]) => Promise<LeaseBeat[]>; liveSaveMs?: number } = {}) {
  let close!: () => void;
  const exited = new Promise<void>((resolve) => (close = resolve));
  const saves: boolean[] = [];
  const told = { progress: [] as SyncProgressPush[], conflicts: [] as SyncConflictPush[], lost: [] as (string | null)[], ended: [] as string[], closed: 0, released: 0, log: [] as string[] };
  const beat = options.beat ?? (async (ids) => held(ids));
  const leases = new LeaseBeats(() => beat, (line) => told.log.push(line), 5);
  const state = {
    parts: ['site', 'tabs'],
    save: async (live: boolean, tabs: string[], onProgress?: (p: { direction: 'upload'; doneBytes: number; totalBytes: number }) => void): Promise<SaveResult> => {
      saves.push(live);
      expect(tabs).toEqual(['https://shop.example/']);
      onProgress?.({ direction: 'upload', doneBytes: 5, totalBytes: 10 });
      if (options.saveFails) throw new Error('server unreachable');
      return { version: version(saves.length + 1), conflictWith: options.conflict ? version(saves.length, 'Desktop') : null, uploadedBytes: 10, plainBytes: 10 };
    },
  } as unknown as ProfileStateSync;
  const tracker = new StateSaves();
  runProfileState({
    profileId: 'p1',
    profileName: 'Shop 1',
    state,
    openTabs: () => ['https://shop.example/'],
    exited,
    close: async () => {
      told.closed++;
      close();
    },
    holdLease: (watch) => leases.hold('p1', watch),
    releaseLease: async () => void told.released++,
    events: {
      progress: (p) => told.progress.push(p),
      conflict: (c) => told.conflicts.push(c),
      leaseLost: (_id, holder) => told.lost.push(holder?.device ?? null),
      accessEnded: (_id, _name, reason) => told.ended.push(reason),
    },
    saves: tracker,
    log: (line) => told.log.push(line),
    liveSaveMs: options.liveSaveMs ?? 60_000,
  });
  return { close, saves, told, settled: () => tracker.settled('p1') };
}

describe('a running profile\'s state', () => {
  it('is saved after the browser has gone, then the lease is given back, and a new start waits for that', async () => {
    const s = scenario();
    await new Promise((r) => setTimeout(r, 20));
    expect(s.saves).toEqual([]);
    s.close();
    await s.settled();
    expect(s.saves).toEqual([false]);
    expect(s.told.released).toBe(1);
    expect(s.told.progress.at(-1)).toEqual({ profileId: 'p1', direction: 'upload', doneBytes: 5, totalBytes: 10, finished: true });
  });

  it('is saved every few minutes while it runs, as a live snapshot', async () => {
    const s = scenario({ liveSaveMs: 10 });
    await expect.poll(() => s.saves.length).toBeGreaterThanOrEqual(2);
    s.close();
    await s.settled();
    expect(s.saves.slice(0, -1).every((live) => live)).toBe(true);
    expect(s.saves.at(-1)).toBe(false);
  });

  it('tells the console when a save was made beside another computer\'s, and when a save failed', async () => {
    const conflict = scenario({ conflict: true });
    conflict.close();
    await conflict.settled();
    expect(conflict.told.conflicts).toEqual([{ profileId: 'p1', savedNumber: 2, otherNumber: 1, otherDevice: 'Desktop' }]);

    const failing = scenario({ saveFails: true });
    failing.close();
    await failing.settled();
    expect(failing.told.progress.at(-1)).toMatchObject({ finished: true, failed: true });
    // The lease is given back all the same: the changes stay in the folder for the next start.
    expect(failing.told.released).toBe(1);
  });

  it('stops saving and does not release a lease another computer has taken', async () => {
    const lease = { device: 'Desktop', by: 'ben', since: 1, expiresAt: 2, deviceId: 'd' };
    const s = scenario({ beat: async (ids) => ids.map((id) => ({ id, state: 'lost', expiresAt: null, holder: lease, reason: null })), liveSaveMs: 10 });
    await expect.poll(() => s.told.lost).toEqual(['Desktop']);
    const savedBefore = s.saves.length;
    s.close();
    await s.settled();
    expect(s.saves.length).toBe(savedBefore);
    expect(s.told.released).toBe(0);
  });

  it('keeps the lease through a heartbeat that did not reach the server', async () => {
    let beats = 0;
    const s = scenario({ beat: async (ids) => (++beats < 3 ? Promise.reject(new Error('offline')) : held(ids)) });
    await expect.poll(() => beats).toBeGreaterThanOrEqual(4);
    s.close();
    await s.settled();
    expect(s.told.lost).toEqual([]);
    expect(s.saves).toEqual([false]);
  });

  it('closes the browser when the server ends its access, saves its state for the owner and gives the lease back', async () => {
    const s = scenario({ beat: async (ids) => ids.map((id) => ({ id, state: 'ended', expiresAt: Date.now() + 60_000, holder: null, reason: 'accessEnded' })) });
    await s.settled();
    await expect.poll(() => s.told.released).toBe(1);
    expect(s.told.closed).toBe(1);
    expect(s.told.ended).toEqual(['accessEnded']);
    // The last save goes up while the ending lease lasts: the owner gets what the browser held.
    expect(s.saves).toEqual([false]);
    expect(s.told.lost).toEqual([]);
  });

  it('closes the browser when the sign-in it runs with is gone for good, not when a beat only failed', async () => {
    const s = scenario({ beat: async () => Promise.reject(new ApiError(Code.API_TOKEN_INVALID, 'token')) });
    await expect.poll(() => s.told.ended).toEqual(['signedOut']);
    expect(s.told.closed).toBe(1);
  });
});
