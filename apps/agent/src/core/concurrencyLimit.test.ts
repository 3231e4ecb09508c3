import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit, NotStarted } from './concurrencyLimit.ts';

/** A task the test ends by hand, recording when it began. */
function manualTasks() {
  const begun: string[] = [];
  const finish = new Map<string, { ok: (value: string) => void; fail: (error: Error) => void }>();
  const task = (name: string) => () =>
    new Promise<string>((ok, fail) => {
      begun.push(name);
      finish.set(name, { ok, fail });
    });
  return { begun, task, end: (name: string) => finish.get(name)!.ok(name), fail: (name: string, error: Error) => finish.get(name)!.fail(error) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('concurrency limit', () => {
  it('runs at most max tasks at once, the next one as soon as one ends, in the order given', async () => {
    const limit = new ConcurrencyLimit(3);
    const { begun, task, end } = manualTasks();
    const results = ['a', 'b', 'c', 'd', 'e'].map((name) => limit.run(task(name)));
    await settle();
    expect(begun).toEqual(['a', 'b', 'c']);
    expect([limit.active, limit.waiting]).toEqual([3, 2]);
    end('b');
    await settle();
    expect(begun).toEqual(['a', 'b', 'c', 'd']);
    end('a');
    end('c');
    await settle();
    expect(begun).toEqual(['a', 'b', 'c', 'd', 'e']);
    end('d');
    end('e');
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect([limit.active, limit.waiting]).toEqual([0, 0]);
  });

  it('frees the turn of a task that fails, and passes its error on', async () => {
    const limit = new ConcurrencyLimit(1);
    const { begun, task, fail, end } = manualTasks();
    const first = limit.run(task('a'));
    const second = limit.run(task('b'));
    await settle();
    fail('a', new Error('proxy refused'));
    await expect(first).rejects.toThrow('proxy refused');
    await settle();
    expect(begun).toEqual(['a', 'b']);
    end('b');
    expect(await second).toBe('b');
  });

  it('a task that throws at once is a rejection, not a lost turn', async () => {
    const limit = new ConcurrencyLimit(1);
    await expect(limit.run(() => { throw new Error('at once'); })).rejects.toThrow('at once');
    expect(await limit.run(async () => 'next')).toBe('next');
  });

  it('drops waiting tasks whose signal aborts, and lets running ones finish', async () => {
    const limit = new ConcurrencyLimit(2);
    const { begun, task, end } = manualTasks();
    const cancel = new AbortController();
    const results = ['a', 'b', 'c', 'd'].map((name) => limit.run(task(name), cancel.signal).catch((error: unknown) => error));
    await settle();
    cancel.abort();
    end('a');
    end('b');
    const [a, b, c, d] = await Promise.all(results);
    expect([a, b]).toEqual(['a', 'b']);
    expect(c).toBeInstanceOf(NotStarted);
    expect(d).toBeInstanceOf(NotStarted);
    expect(begun).toEqual(['a', 'b']);
    // Already aborted: never queued.
    await expect(limit.run(task('e'), cancel.signal)).rejects.toBeInstanceOf(NotStarted);
    expect(limit.waiting).toBe(0);
  });

  it('one signal per task: aborting one leaves the others of the queue in their places', async () => {
    const limit = new ConcurrencyLimit(1);
    const { begun, task, end } = manualTasks();
    const signals = ['a', 'b', 'c'].map(() => new AbortController());
    const results = ['a', 'b', 'c'].map((name, i) => limit.run(task(name), signals[i]!.signal).catch((error: unknown) => error));
    await settle();
    signals[1]!.abort();
    end('a');
    await settle();
    end('c');
    expect(await Promise.all(results)).toEqual(['a', expect.any(NotStarted), 'c']);
    expect(begun).toEqual(['a', 'c']);
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => new ConcurrencyLimit(0)).toThrow(RangeError);
    expect(() => new ConcurrencyLimit(1.5)).toThrow(RangeError);
  });
});
