import type { RemoteViewer } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { controlView, pickOwnViewer } from './ownViewer.ts';

const viewer = (id: string, extra: Partial<RemoteViewer> = {}): RemoteViewer => ({ id, name: id, controlling: false, yours: false, asking: false, ...extra });

describe('pickOwnViewer', () => {
  it('is the one socket of yours when there is one', () => {
    expect(pickOwnViewer([viewer('a'), viewer('b', { yours: true })], new Set())).toBe('b');
  });

  it('is the socket of yours that joined since, with another tab of yours already in', () => {
    expect(pickOwnViewer([viewer('t1', { yours: true }), viewer('x'), viewer('t2', { yours: true })], new Set(['t1']))).toBe('t2');
  });

  it('falls back to the newest of yours, and to none', () => {
    expect(pickOwnViewer([viewer('t1', { yours: true }), viewer('t2', { yours: true })], new Set(['t1', 't2']))).toBe('t2');
    expect(pickOwnViewer([viewer('x')], new Set())).toBeNull();
  });
});

describe('controlView', () => {
  it('says who controls', () => {
    expect(controlView([viewer('a')], 'a')).toEqual({ kind: 'none' });
    expect(controlView([viewer('a', { controlling: true })], 'a')).toEqual({ kind: 'yours' });
    expect(controlView([viewer('a'), viewer('b', { controlling: true, name: 'Bob' })], 'a')).toEqual({ kind: 'other', name: 'Bob' });
  });
});
