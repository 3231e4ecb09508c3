import type { SyncProgressPush } from '@facet/contracts';
import { locales } from '@facet/i18n';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { applySyncProgress, syncProgressPercent, syncProgressText, type SyncProgressMap } from './syncProgress.ts';

const MB = 1024 * 1024;
const push = (change: Partial<SyncProgressPush> = {}): SyncProgressPush => ({ profileId: 'p1', direction: 'download', doneBytes: 12 * MB, totalBytes: 40 * MB, finished: false, ...change });

async function tFor(tag: string) {
  const instance = i18next.createInstance();
  await instance.init({ lng: tag, fallbackLng: 'en-US', resources: { [tag]: { translation: locales[tag]! } }, interpolation: { escapeValue: false } });
  return instance.t;
}

describe('sync progress of the rows', () => {
  it('keeps the newest push of each profile until its transfer finishes', () => {
    let state: SyncProgressMap = new Map();
    state = applySyncProgress(state, push({ doneBytes: 0 }));
    state = applySyncProgress(state, push({ profileId: 'p2', direction: 'upload' }));
    state = applySyncProgress(state, push());
    expect(state.get('p1')?.doneBytes).toBe(12 * MB);
    expect(state.size).toBe(2);
    state = applySyncProgress(state, push({ finished: true, doneBytes: 40 * MB }));
    state = applySyncProgress(state, push({ profileId: 'p2', direction: 'upload', finished: true, failed: true }));
    expect(state.size).toBe(0);
  });

  it('leaves the map it was given alone', () => {
    const before: SyncProgressMap = new Map();
    applySyncProgress(before, push());
    expect(before.size).toBe(0);
  });

  it('counts percent only once the size is known', () => {
    expect(syncProgressPercent(push())).toBe(30);
    expect(syncProgressPercent(push({ totalBytes: 0, doneBytes: 0 }))).toBe(0);
    expect(syncProgressPercent(push({ doneBytes: 50 * MB }))).toBe(100);
  });

  it('says what moves and how much, in the console language', async () => {
    const en = await tFor('en-US');
    expect(syncProgressText(push(), en, 'en-US')).toBe('Downloading state… 12 MB of 40 MB');
    expect(syncProgressText(push({ direction: 'upload', totalBytes: 0, doneBytes: 0 }), en, 'en-US')).toBe('Saving state…');
    const de = await tFor('de');
    expect(syncProgressText(push({ direction: 'upload', doneBytes: 1.5 * MB }), de, 'de').replace(/\s/g, ' ')).toContain('1,5 MB');
  });
});
