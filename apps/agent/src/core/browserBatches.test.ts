import type { BrowserBatch } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { BrowserBatches } from './browserBatches.ts';
import { startFailureReason } from '../startFailure.ts';
import { StartFailure } from '../startFailure.ts';

/**
 * Starts and stops the test ends by hand; which ones run at the same time. `alreadyRunning`
 * have a browser before the batch; a stop of one in `notRunning` finds none.
 */
function fakeRunning({ alreadyRunning = [] as string[], notRunning = [] as string[] } = {}) {
  const pending = new Map<string, { ok: () => void; fail: (error: Error) => void }>();
  const calls: string[] = [];
  let now = 0;
  let most = 0;
  const call = (what: string) =>
    new Promise<void>((ok, fail) => {
      calls.push(what);
      now += 1;
      most = Math.max(most, now);
      pending.set(what, {
        ok: () => ((now -= 1), ok()),
        fail: (error) => ((now -= 1), fail(error)),
      });
    });
  return {
    running: {
      start: (id: string) => call(`start ${id}`).then(() => ({}) as never),
      stop: (id: string) => call(`stop ${id}`).then(() => !notRunning.includes(id)),
      status: (id: string) => (alreadyRunning.includes(id) ? ({ state: 'running' } as never) : null),
    },
    calls,
    most: () => most,
    end: (what: string) => pending.get(what)!.ok(),
    fail: (what: string, error: Error) => pending.get(what)!.fail(error),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function batches(fake: ReturnType<typeof fakeRunning>) {
  const pushes: BrowserBatch[] = [];
  const startErrors: string[] = [];
  const runner = new BrowserBatches({
    running: fake.running,
    push: (batch) => pushes.push(batch),
    onStartFailure: (profileId, error) => startErrors.push(`${profileId}:${startFailureReason(error)}`),
    concurrency: { start: 2, stop: 2 },
    pushIntervalMs: 0,
  });
  return { runner, pushes, startErrors, last: () => pushes.at(-1)! };
}

describe('browser batches', () => {
  it('run() answers once every profile has ended, with the final results (the local API\'s start-batch)', async () => {
    const fake = fakeRunning();
    const { runner } = batches(fake);
    let ended: BrowserBatch | null = null;
    void runner.run('start', ['a', 'b']).then((state) => (ended = state));
    await settle();
    fake.end('start a');
    await settle();
    expect(ended).toBeNull();
    fake.fail('start b', new StartFailure('timeout', 'no answer'));
    await settle();
    expect(ended).toMatchObject({ finished: true, results: [{ profileId: 'a', outcome: 'done' }, { profileId: 'b', outcome: 'failed', reason: 'timeout' }] });
  });

  it('opens a few at a time and ends with every profile\'s result, failures with their reasons', async () => {
    const fake = fakeRunning();
    const { runner, pushes, startErrors, last } = batches(fake);
    const first = runner.begin('start', ['a', 'b', 'c', 'd', 'a']);
    expect(first).toMatchObject({ action: 'start', total: 4, active: [], results: [], finished: false });
    await settle();
    expect(fake.calls).toEqual(['start a', 'start b']);
    expect(last().active).toEqual(['a', 'b']);
    fake.fail('start b', new StartFailure('refused', 'connection refused'));
    await settle();
    expect(fake.calls).toEqual(['start a', 'start b', 'start c']);
    fake.end('start a');
    fake.end('start c');
    await settle();
    fake.fail('start d', new Error('something unforeseen'));
    await settle();
    expect(fake.most()).toBe(2);
    expect(last()).toMatchObject({ finished: true, active: [], cancelled: false });
    expect(last().results).toEqual([
      { profileId: 'b', outcome: 'failed', reason: 'refused' },
      { profileId: 'a', outcome: 'done' },
      { profileId: 'c', outcome: 'done' },
      { profileId: 'd', outcome: 'failed', reason: 'failed' },
    ]);
    // Told as one click's failure is.
    expect(startErrors).toEqual(['b:refused', 'd:failed']);
    // Every state numbered, newest last.
    expect(pushes.map((p) => p.seq)).toEqual([...pushes.map((p) => p.seq)].sort((x, y) => x - y));
    expect(runner.list()).toEqual([]);
  });

  it('counts what happened: five of six opened and one failed; an already running one is skipped, not opened again', async () => {
    const fake = fakeRunning({ alreadyRunning: ['f'] });
    const { runner, last } = batches(fake);
    void runner.run('start', ['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    for (const id of ['a', 'b', 'c', 'd', 'e']) {
      await settle();
      fake.end(`start ${id}`);
    }
    await settle();
    fake.fail('start g', new StartFailure('refused', 'connection refused'));
    await settle();
    expect(fake.calls).not.toContain('start f');
    expect(last().finished).toBe(true);
    const count = (outcome: string) => last().results.filter((r) => r.outcome === outcome).length;
    expect([count('done'), count('failed'), count('skipped')]).toEqual([5, 1, 1]);
    expect(last().results).toContainEqual({ profileId: 'f', outcome: 'skipped' });
  });

  it('closing eleven of which five ran: five closed, six not running', async () => {
    const fake = fakeRunning({ notRunning: ['f', 'g', 'h', 'i', 'j', 'k'] });
    const { runner } = batches(fake);
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'];
    let ended: BrowserBatch | null = null;
    void runner.run('stop', ids).then((state) => (ended = state));
    for (const id of ids) {
      await settle();
      fake.end(`stop ${id}`);
    }
    await settle();
    expect(ended).toMatchObject({ finished: true, total: 11 });
    const outcomes = Object.fromEntries(ended!.results.map((r) => [r.profileId, r.outcome]));
    expect(outcomes).toEqual({ a: 'done', b: 'done', c: 'done', d: 'done', e: 'done', f: 'skipped', g: 'skipped', h: 'skipped', i: 'skipped', j: 'skipped', k: 'skipped' });
  });

  it('cancelled: the waiting ones are never begun, the ones under way finish', async () => {
    const fake = fakeRunning();
    const { runner, last } = batches(fake);
    const { batchId } = runner.begin('start', ['a', 'b', 'c', 'd']);
    await settle();
    expect(runner.list().map((b) => b.batchId)).toEqual([batchId]);
    expect(runner.cancel(batchId)?.cancelled).toBe(true);
    await settle();
    expect(last().results.filter((r) => r.outcome === 'cancelled').map((r) => r.profileId)).toEqual(['c', 'd']);
    expect(last().finished).toBe(false);
    fake.end('start a');
    fake.end('start b');
    await settle();
    expect(fake.calls).toEqual(['start a', 'start b']);
    expect(last()).toMatchObject({ finished: true, cancelled: true });
    expect(runner.cancel(batchId)).toBeNull();
  });

  it('two batches together start no more than the limit', async () => {
    const fake = fakeRunning();
    const { runner } = batches(fake);
    runner.begin('start', ['a', 'b']);
    runner.begin('start', ['c', 'd']);
    await settle();
    expect(fake.calls).toEqual(['start a', 'start b']);
    fake.end('start a');
    await settle();
    expect(fake.calls).toEqual(['start a', 'start b', 'start c']);
  });

  it('closing profiles that wait to be opened takes their opening back', async () => {
    const fake = fakeRunning();
    const { runner, pushes } = batches(fake);
    const opening = runner.begin('start', ['a', 'b', 'c']);
    await settle();
    const closing = runner.begin('stop', ['c']);
    await settle();
    fake.end('start a');
    fake.end('start b');
    fake.end('stop c');
    await settle();
    expect(fake.calls).not.toContain('start c');
    const opened = pushes.filter((p) => p.batchId === opening.batchId).at(-1)!;
    expect(opened.results).toContainEqual({ profileId: 'c', outcome: 'cancelled' });
    expect(opened.finished).toBe(true);
    expect(pushes.filter((p) => p.batchId === closing.batchId).at(-1)!.results).toEqual([{ profileId: 'c', outcome: 'done' }]);
  });

  it('pushes progress at most once per interval, and the end at once', async () => {
    const fake = fakeRunning();
    const pushes: BrowserBatch[] = [];
    const runner = new BrowserBatches({ running: fake.running, push: (b) => pushes.push(b), onStartFailure: () => undefined, concurrency: { start: 5, stop: 5 }, pushIntervalMs: 60_000 });
    runner.begin('stop', ['a', 'b', 'c']);
    await settle();
    fake.end('stop a');
    fake.end('stop b');
    await settle();
    // The first state only: the rest waits for the interval.
    expect(pushes.map((p) => p.results.length)).toEqual([0]);
    fake.end('stop c');
    await settle();
    expect(pushes.at(-1)).toMatchObject({ finished: true, results: [{ outcome: 'done' }, { outcome: 'done' }, { outcome: 'done' }] });
    expect(pushes).toHaveLength(2);
  });
});
