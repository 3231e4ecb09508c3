import type { BrowserBatch } from '@facet/contracts';

/** What a batch has done so far, by outcome, and how its bar shows it. */
interface BatchCounts {
  /** Opened (or closed) by this batch. */
  done: number;
  failed: number;
  /** Nothing to do: already running for an open, not running for a close. */
  skipped: number;
  /** Never begun. */
  cancelled: number;
  /** The one being worked on, for "Opening 7 of 20": after those ended, counting those under way. */
  current: number;
  /** The bar's filled part: those that ended one way or the other (not the cancelled). */
  percent: number;
  /** Its green part: done and skipped, so one failure out of six leaves five sixths green. */
  successPercent: number;
  status: 'active' | 'exception' | 'normal' | 'success';
}

/**
 * Counts a batch's results: "closed 11 of 11" when six of them were not running, or an all-red
 * bar when five of six opened, told the person something other than what happened.
 */
export function countBatch(batch: BrowserBatch): BatchCounts {
  const of = (outcome: BrowserBatch['results'][number]['outcome']) => batch.results.filter((r) => r.outcome === outcome).length;
  const [done, failed, skipped, cancelled] = [of('done'), of('failed'), of('skipped'), of('cancelled')];
  const share = (n: number) => Math.floor((n / batch.total) * 100);
  return {
    done,
    failed,
    skipped,
    cancelled,
    current: Math.min(batch.total, done + failed + skipped + Math.max(1, batch.active.length)),
    percent: share(done + skipped + failed),
    successPercent: share(done + skipped),
    // Green only when every one ended as asked: a cancelled one is not a success either.
    status: !batch.finished ? 'active' : failed > 0 ? 'exception' : cancelled > 0 ? 'normal' : 'success',
  };
}
