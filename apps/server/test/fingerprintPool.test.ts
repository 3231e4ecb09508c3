import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { FingerprintPool } from '../src/fingerprints/fingerprintPool.ts';

const pool = new FingerprintPool(30, pino({ level: 'silent' }));
afterAll(() => pool.close());

async function until(check: () => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('fingerprint pool', () => {
  it('fills in a worker, hands each identity out once, and refills', async () => {
    pool.warm(['linux']);
    await until(() => pool.size('linux') === 30);
    const taken = await pool.take('linux', '156', 10);
    expect(taken).toHaveLength(10);
    expect(new Set(taken.map((i) => i.fingerprint.noiseSeed)).size).toBe(10);
    for (const identity of taken) expect(identity.userAgent).toMatch(/X11; Linux .*Chrome\/156\.0\.0\.0/);
    await until(() => pool.size('linux') === 30);
  });

  it('makes more than it holds on demand and rewrites the engine major', async () => {
    const taken = await pool.take('android', '150', 45);
    expect(taken).toHaveLength(45);
    expect(taken.every((i) => /Android .*Chrome\/150\.0\.0\.0 (Mobile )?Safari/.test(i.userAgent) && i.kernelVersion === '150')).toBe(true);
  });
});
