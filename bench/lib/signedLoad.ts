import http from 'node:http';
import { WEB_PREFIX, signRequest, type CallDefinition } from '@facet/contracts';

export interface LoadResult {
  p50: number;
  p99: number;
  requests: number;
  /** Answers that were not HTTP 200 with code 0, and requests that failed outright. */
  failures: number;
  /** Requests per second answered successfully. */
  rate: number;
}

/**
 * A fixed request rate against one call, every request freshly signed (the server refuses a
 * replayed signature), evenly spaced on loopback: request i is due at start + i/rate, sent on
 * a keep-alive connection then, and timed from when it was due, so a server (or generator)
 * that falls behind pays for it in the figures.
 *
 * Not autocannon: its rate limit is a per-second quota per connection, sent back to back at the
 * top of each second, so "500/s" arrived as a burst of 500 and measured the burst (p50 7 ms for
 * a call that takes 1 ms) rather than the server at a steady 500/s.
 */
/** How long after the last request is due its answer may still come. */
const GRACE_MS = 5000;

export async function signedLoad(options: { url: string; signKey: string; auth: string; call: CallDefinition; payload: () => unknown; rate: number; seconds: number }): Promise<LoadResult> {
  const target = new URL(options.url);
  const path = `${WEB_PREFIX}${options.call.path}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  let failures = 0;

  // Requests not answered by the deadline are failures, timed as of the deadline (a lower bound).
  const open = new Map<number, number>();
  let closed = false;
  // Node's timers keep whole milliseconds: one can fire up to a millisecond before its request
  // is due, and an answer is then timed from when its request left, never from before.
  const send = (nonce: number, dueAt: number) =>
    new Promise<void>((resolve) => {
      const from = Math.max(dueAt, performance.now());
      open.set(nonce, from);
      const body = JSON.stringify(signRequest({ key: options.signKey, path, auth: options.auth, lang: 0, payload: options.payload(), nonce: `bench-${process.pid}-${nonce}` }));
      const request = http.request(
        { agent, host: target.hostname, port: target.port, path, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => {
            if (closed) return resolve();
            open.delete(nonce);
            latencies.push(performance.now() - from);
            if (response.statusCode !== 200 || !text.startsWith('{"code":0')) failures++;
            resolve();
          });
        },
      );
      request.on('error', () => {
        if (!closed) {
          open.delete(nonce);
          failures++;
        }
        resolve();
      });
      request.end(body);
    });

  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const startAt = performance.now() + 20;
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const dueAt = startAt + i * interval;
    const wait = dueAt - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(send(i, dueAt));
  }
  const deadline = startAt + options.seconds * 1000 + GRACE_MS;
  await Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - performance.now())))]);
  closed = true;
  const now = performance.now();
  for (const from of open.values()) latencies.push(now - from);
  failures += open.size;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 10) / 10;
  const elapsedSeconds = (performance.now() - startAt) / 1000;
  return { p50: at(0.5), p99: at(0.99), requests: total, failures, rate: (total - failures) / elapsedSeconds };
}
