import type { BrowserBatch, BrowserBatchResult } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { countBatch } from './batchCounts.ts';

function batch(action: BrowserBatch['action'], outcomes: BrowserBatchResult['outcome'][], rest: Partial<BrowserBatch> = {}): BrowserBatch {
  const results = outcomes.map((outcome, i) => ({ profileId: `p${i}`, outcome }));
  return { batchId: 'b', action, total: outcomes.length, active: [], results, cancelled: false, finished: true, seq: 1, ...rest };
}

describe('counting a batch', () => {
  it('five of six opened: five sixths green, one sixth failed, not an all-red bar', () => {
    const counts = countBatch(batch('start', ['done', 'done', 'failed', 'done', 'done', 'done']));
    expect(counts).toMatchObject({ done: 5, failed: 1, skipped: 0, cancelled: 0, percent: 100, successPercent: 83, status: 'exception' });
  });

  it('closing eleven of which five ran: five closed, six not running, and nothing failed', () => {
    const counts = countBatch(batch('stop', [...Array<'done'>(5).fill('done'), ...Array<'skipped'>(6).fill('skipped')]));
    expect(counts).toMatchObject({ done: 5, skipped: 6, failed: 0, percent: 100, successPercent: 100, status: 'success' });
  });

  it('an already running profile is not counted as opened', () => {
    expect(countBatch(batch('start', ['done', 'skipped', 'done']))).toMatchObject({ done: 2, skipped: 1, status: 'success' });
  });

  it('the cancelled stay out of the bar and keep it from turning green', () => {
    const counts = countBatch(batch('start', ['done', 'cancelled', 'cancelled', 'done'], { cancelled: true }));
    expect(counts).toMatchObject({ done: 2, cancelled: 2, percent: 50, successPercent: 50, status: 'normal' });
  });

  it('while it runs: which one is under way, and the bar of those ended', () => {
    const running = batch('start', ['done', 'failed', 'skipped'], { total: 10, active: ['p3', 'p4', 'p5'], finished: false });
    expect(countBatch(running)).toMatchObject({ current: 6, percent: 30, successPercent: 20, status: 'active' });
    expect(countBatch({ ...running, active: [] }).current).toBe(4);
    expect(countBatch({ ...running, total: 3, active: [] }).current).toBe(3);
  });
});
