import { Worker } from 'node:worker_threads';
import { DEFAULT_KERNEL_VERSION, type OperatingSystem } from '@facet/contracts';
import { rewriteBrowserMajor, type GeneratedIdentity } from '@facet/fingerprint';
import type { FastifyBaseLogger } from 'fastify';

/** Identities asked of the worker at a time while refilling, so a batch never waits long behind it. */
const REFILL_CHUNK = 100;

/**
 * Fingerprints made ahead of time. Generating one takes ~3 ms of CPU, so a batch of 1,000 would
 * hold the event loop for seconds; a worker thread makes them instead, and keeps `target` per
 * operating system ready so a batch create only takes them. Each identity is handed out once.
 * With target 0 nothing is kept, and every request waits for the worker.
 */
export class FingerprintPool {
  private readonly ready = new Map<OperatingSystem, GeneratedIdentity[]>();
  private readonly refilling = new Set<OperatingSystem>();
  private readonly waiting = new Map<number, { resolve: (identities: GeneratedIdentity[]) => void; reject: (error: Error) => void }>();
  private worker: Worker | null = null;
  private sequence = 0;
  private closed = false;

  constructor(
    private readonly target: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts filling the pools of these systems in the background. */
  warm(systems: readonly OperatingSystem[]): void {
    for (const os of systems) this.refill(os);
  }

  size(os: OperatingSystem): number {
    return this.ready.get(os)?.length ?? 0;
  }

  async take(os: OperatingSystem, kernelVersion: string, count: number): Promise<GeneratedIdentity[]> {
    const taken = (this.ready.get(os) ?? []).splice(0, count);
    if (taken.length < count) taken.push(...(await this.generate(os, count - taken.length)));
    this.refill(os);
    return kernelVersion === DEFAULT_KERNEL_VERSION ? taken : taken.map((i) => ({ ...i, kernelVersion, userAgent: rewriteBrowserMajor(i.userAgent, kernelVersion) }));
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.worker?.terminate();
    this.worker = null;
  }

  private refill(os: OperatingSystem): void {
    if (this.target <= 0 || this.closed || this.refilling.has(os)) return;
    this.refilling.add(os);
    const loop = async () => {
      while (!this.closed && this.size(os) < this.target) {
        const made = await this.generate(os, Math.min(REFILL_CHUNK, this.target - this.size(os)));
        const pool = this.ready.get(os) ?? [];
        pool.push(...made);
        this.ready.set(os, pool);
      }
    };
    loop()
      .then(() => {
        if (!this.closed) this.log.info({ os, size: this.size(os) }, 'fingerprint pool full');
      })
      .catch((error: unknown) => {
        if (!this.closed) this.log.error({ err: error }, 'fingerprint pool refill failed');
      })
      .finally(() => this.refilling.delete(os));
  }

  private generate(os: OperatingSystem, count: number): Promise<GeneratedIdentity[]> {
    if (this.closed) return Promise.reject(new Error('fingerprint pool closed'));
    const worker = this.ensureWorker();
    const id = ++this.sequence;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, os, kernelVersion: DEFAULT_KERNEL_VERSION, count });
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url));
    worker.on('message', ({ id, identities }: { id: number; identities: GeneratedIdentity[] }) => {
      this.waiting.get(id)?.resolve(identities);
      this.waiting.delete(id);
    });
    worker.on('error', (error) => {
      this.log.error({ err: error }, 'fingerprint worker failed');
      this.worker = null;
      // Nothing will answer the requests in flight; fail them so their calls answer too.
      for (const { reject } of this.waiting.values()) reject(error);
      this.waiting.clear();
    });
    // The pool must not keep a stopping server alive.
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
