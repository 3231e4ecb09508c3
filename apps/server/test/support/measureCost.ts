import { Worker } from 'node:worker_threads';

/**
 * Time and memory one operation costs.
 * - rssPeakMB: the process's resident memory is sampled every millisecond from a worker thread,
 *   so the figure holds even while the operation keeps the main thread busy (a synchronous
 *   inflate, a loop that only awaits microtasks); growth is the peak minus the figure before.
 * - heapMB / arrayBuffersMB: this isolate's JavaScript heap and Buffers, before and after (and
 *   at any main-thread sample in between). A garbage collection during the operation can hide
 *   short-lived Buffers from these two; rssPeakMB cannot be fooled that way.
 */
export interface Cost {
  ms: number;
  rssPeakMB: number;
  heapMB: number;
  arrayBuffersMB: number;
}

const SAMPLER = `
const { parentPort } = require('node:worker_threads');
let peak = process.memoryUsage.rss();
const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 1);
parentPort.on('message', () => {
  clearInterval(timer);
  parentPort.postMessage(Math.max(peak, process.memoryUsage.rss()));
});
parentPort.postMessage('ready');
`;

async function startRssSampler(): Promise<() => Promise<number>> {
  const worker = new Worker(SAMPLER, { eval: true });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  return async () => {
    const peak = new Promise<number>((resolve, reject) => {
      worker.once('message', (value: number) => resolve(value));
      worker.once('error', reject);
    });
    worker.postMessage('stop');
    const value = await peak;
    await worker.terminate();
    return value;
  };
}

export async function measureCost<T>(operation: () => Promise<T>): Promise<{ result: T; cost: Cost }> {
  const stopRssSampler = await startRssSampler();
  const before = process.memoryUsage();
  const peak = { heapUsed: before.heapUsed, arrayBuffers: before.arrayBuffers };
  const sample = () => {
    const now = process.memoryUsage();
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
    peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
  };
  const sampler = setInterval(sample, 2);
  const started = performance.now();
  let result: T;
  try {
    result = await operation();
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - started;
  sample();
  const rssPeak = await stopRssSampler();
  const mb = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;
  return {
    result,
    cost: {
      ms: Math.round(ms * 10) / 10,
      rssPeakMB: mb(rssPeak - before.rss),
      heapMB: mb(peak.heapUsed - before.heapUsed),
      arrayBuffersMB: mb(peak.arrayBuffers - before.arrayBuffers),
    },
  };
}
