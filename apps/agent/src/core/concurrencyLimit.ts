/** A task given up before its turn came (its signal aborted while it waited). */
export class NotStarted extends Error {
  constructor() {
    super('not started: cancelled while waiting');
  }
}

interface Waiting {
  begin: () => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

/**
 * Runs tasks at most `max` at a time, in the order they were given. A task still waiting when
 * its signal aborts never runs and rejects with NotStarted; one already running is not
 * interrupted. Shared by every batch of one kind, so two batches together still start no more
 * than `max` browsers at once.
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly queue: Waiting[] = [];

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`a concurrency limit is a positive integer, not ${max}`);
  }

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a turn. */
  get waiting(): number {
    return this.queue.length;
  }

  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) return reject(new NotStarted());
      const waiting: Waiting = {
        signal,
        onAbort: () => {
          const index = this.queue.indexOf(waiting);
          if (index < 0) return;
          this.queue.splice(index, 1);
          reject(new NotStarted());
        },
        begin: () => {
          this.running += 1;
          // A task that throws before its first await is a rejection like any other.
          void Promise.resolve()
            .then(task)
            .then(resolve, reject)
            .finally(() => {
              this.running -= 1;
              this.next();
            });
        },
      };
      signal?.addEventListener('abort', waiting.onAbort, { once: true });
      this.queue.push(waiting);
      this.next();
    });
  }

  private next(): void {
    while (this.running < this.max && this.queue.length > 0) {
      const waiting = this.queue.shift()!;
      waiting.signal?.removeEventListener('abort', waiting.onAbort);
      waiting.begin();
    }
  }
}
