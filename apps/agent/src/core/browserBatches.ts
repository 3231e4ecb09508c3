import { randomUUID } from 'node:crypto';
import type { BrowserBatch, BrowserBatchResult } from '@facet/contracts';
import { ConcurrencyLimit, NotStarted } from './concurrencyLimit.ts';
import type { RunningProfiles } from './runningProfiles.ts';
import { startFailureReason } from '../startFailure.ts';

/**
 * How many browsers a batch starts (or closes) at once, over all batches together. Each start
 * spawns a Chromium, checks the proxy and asks the server; three at a time keeps a laptop
 * usable and the server unhurried while twenty open. Closing saves cookies to the server.
 */
const BATCH_CONCURRENCY = { start: 3, stop: 3 } as const;

/** Progress at most this often: enough for a counter, not a flood for a batch of a thousand. */
const PUSH_INTERVAL_MS = 200;

type BatchAction = BrowserBatch['action'];

interface BatchDeps {
  running: Pick<RunningProfiles, 'start' | 'stop' | 'status'>;
  /** Every change of a batch (throttled), and its end (at once). */
  push: (batch: BrowserBatch) => void;
  /** A start of a batch that failed, told as one click's failure is (the `starterror` push). */
  onStartFailure: (profileId: string, error: unknown) => void;
  concurrency?: { start: number; stop: number };
  pushIntervalMs?: number;
}

interface Batch {
  state: BrowserBatch;
  /** Called with the final state when every profile has ended (run()). */
  ended: ((state: BrowserBatch) => void) | null;
  /** Per profile, so a close can take back the open of a profile still waiting for its turn. */
  waiting: Map<string, AbortController>;
  lastPush: number;
  timer: NodeJS.Timeout | null;
}

/**
 * Opening and closing many profiles at once. The batch runs here in the agent, not in the
 * console: a console closed or reloaded half-way (or one that loses its bridge) must not leave
 * a batch half done, and a reopened console finds it still running (`list`). Each start is the
 * very call one click makes (RunningProfiles.start), with the same session and the same rules.
 */
export class BrowserBatches {
  private readonly batches = new Map<string, Batch>();
  private readonly limits: Record<BatchAction, ConcurrencyLimit>;

  constructor(private readonly deps: BatchDeps) {
    const concurrency = deps.concurrency ?? BATCH_CONCURRENCY;
    this.limits = { start: new ConcurrencyLimit(concurrency.start), stop: new ConcurrencyLimit(concurrency.stop) };
  }

  /** Begins a batch; its first state (every profile waiting). */
  begin(action: BatchAction, profileIds: readonly string[], options: { headless?: boolean } = {}): BrowserBatch {
    const ids = [...new Set(profileIds)];
    const batch: Batch = {
      state: { batchId: randomUUID(), action, total: ids.length, active: [], results: [], cancelled: false, finished: false, seq: 0 },
      waiting: new Map(ids.map((id) => [id, new AbortController()])),
      lastPush: 0,
      timer: null,
      ended: null,
    };
    // A close wins over an open still waiting for its turn: that profile is not opened after all.
    if (action === 'stop') for (const other of this.batches.values()) if (other.state.action === 'start') for (const id of ids) other.waiting.get(id)?.abort();
    this.batches.set(batch.state.batchId, batch);
    const work = action === 'start' ? (id: string) => this.startOne(id, options.headless) : (id: string) => this.stopOne(id);
    const ended = ids.map((id) =>
      this.limits[action]
        .run(async () => {
          batch.waiting.delete(id);
          this.change(batch, () => batch.state.active.push(id));
          return work(id);
        }, batch.waiting.get(id)!.signal)
        .catch((error: unknown): BrowserBatchResult => (error instanceof NotStarted ? { profileId: id, outcome: 'cancelled' } : { profileId: id, outcome: 'failed', reason: startFailureReason(error) }))
        .then((result) =>
          this.change(batch, () => {
            batch.waiting.delete(id);
            batch.state.active = batch.state.active.filter((active) => active !== id);
            batch.state.results.push(result);
          }),
        ),
    );
    void Promise.all(ended).then(() => this.finish(batch));
    this.publish(batch);
    return structuredClone(batch.state);
  }

  /** A batch begun and awaited to its end (the local API's start-batch): its final state. */
  run(action: BatchAction, profileIds: readonly string[], options: { headless?: boolean } = {}): Promise<BrowserBatch> {
    const begun = this.begin(action, profileIds, options);
    const batch = this.batches.get(begun.batchId);
    // Every profile may have ended already (nothing to wait for): the begun state is final then.
    if (!batch) return Promise.resolve(begun);
    return new Promise((resolve) => (batch.ended = resolve));
  }

  /** Leaves the batch's waiting profiles alone; those under way finish. Null for a batch not running. */
  cancel(batchId: string): BrowserBatch | null {
    const batch = this.batches.get(batchId);
    if (!batch) return null;
    this.change(batch, () => {
      batch.state.cancelled = true;
      for (const waiting of batch.waiting.values()) waiting.abort();
    });
    return structuredClone(batch.state);
  }

  /** Logout and exit: nothing more is begun. */
  cancelAll(): void {
    for (const batchId of [...this.batches.keys()]) this.cancel(batchId);
  }

  /** The batches still running. */
  list(): BrowserBatch[] {
    return [...this.batches.values()].map((b) => structuredClone(b.state));
  }

  /**
   * A profile already running when its turn comes is skipped, not counted as opened: the
   * summary says what this batch did. One still launching (another click) is waited for.
   */
  private async startOne(profileId: string, headless: boolean | undefined): Promise<BrowserBatchResult> {
    if (this.deps.running.status(profileId)?.state === 'running') return { profileId, outcome: 'skipped' };
    try {
      await this.deps.running.start(profileId, { headless });
      return { profileId, outcome: 'done' };
    } catch (error) {
      const reason = startFailureReason(error);
      this.deps.onStartFailure(profileId, error);
      return { profileId, outcome: 'failed', reason };
    }
  }

  /** A profile with no browser is skipped: "closed 11" must not count the six that were not running. */
  private async stopOne(profileId: string): Promise<BrowserBatchResult> {
    try {
      return { profileId, outcome: (await this.deps.running.stop(profileId)) ? 'done' : 'skipped' };
    } catch {
      // Nothing about a failed close is the person's to fix; the list shows whether it still runs.
      return { profileId, outcome: 'failed', reason: 'failed' };
    }
  }

  private finish(batch: Batch): void {
    this.change(batch, () => {
      batch.state.finished = true;
    });
    this.batches.delete(batch.state.batchId);
    batch.ended?.(structuredClone(batch.state));
  }

  private change(batch: Batch, apply: () => void): void {
    apply();
    batch.state.seq += 1;
    if (batch.state.finished) return this.publish(batch);
    if (batch.timer) return;
    const wait = batch.lastPush + (this.deps.pushIntervalMs ?? PUSH_INTERVAL_MS) - Date.now();
    if (wait <= 0) return this.publish(batch);
    batch.timer = setTimeout(() => this.publish(batch), wait);
    batch.timer.unref();
  }

  private publish(batch: Batch): void {
    if (batch.timer) clearTimeout(batch.timer);
    batch.timer = null;
    batch.lastPush = Date.now();
    this.deps.push(structuredClone(batch.state));
  }
}
