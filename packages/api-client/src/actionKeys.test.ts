import { describe, expect, it } from 'vitest';
import { ActionKeys } from './actionKeys.ts';

describe('one Idempotency-Key per user action', () => {
  it('gives the same action the same key until it is answered, then a new one', () => {
    const keys = new ActionKeys(() => 0);
    const first = keys.take('browser/create', { settings: { name: 'A' } });
    expect(first.key).toMatch(/^[0-9a-f]{32}$/);
    // Sent again before an answer came (a lost answer, a second click): the same action.
    expect(keys.take('browser/create', { settings: { name: 'A' } }).key).toBe(first.key);
    first.answered();
    expect(keys.take('browser/create', { settings: { name: 'A' } }).key).not.toBe(first.key);
  });

  it('tells actions apart by call and payload', () => {
    const keys = new ActionKeys(() => 0);
    const a = keys.take('browser/create', { settings: { name: 'A' } }).key;
    expect(keys.take('browser/create', { settings: { name: 'B' } }).key).not.toBe(a);
    expect(keys.take('group/create', { settings: { name: 'A' } }).key).not.toBe(a);
  });

  it('lets an answer go only for the send it belongs to', () => {
    const keys = new ActionKeys(() => 0);
    const stale = keys.take('tag/create', { name: 'x' });
    stale.answered();
    const current = keys.take('tag/create', { name: 'x' });
    stale.answered();
    expect(keys.take('tag/create', { name: 'x' }).key).toBe(current.key);
  });

  it('forgets unanswered actions after a day, when the server no longer keeps their answer', () => {
    let now = 0;
    const keys = new ActionKeys(() => now);
    const old = keys.take('browser/create', {}).key;
    now = 24 * 3600_000;
    expect(keys.take('browser/create', {}).key).not.toBe(old);
  });
});
