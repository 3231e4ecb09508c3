import type { RemoteViewer } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { controlView } from './controlView.ts';

const viewer = (id: string, extra: Partial<RemoteViewer> = {}): RemoteViewer => ({ id, name: id, controlling: false, yours: false, asking: false, ...extra });

describe('controlView', () => {
  it('says no one controls', () => {
    expect(controlView([viewer('a')], 'a')).toEqual({ kind: 'none' });
  });

  it('says this viewer controls, not merely one of the account’s', () => {
    expect(controlView([viewer('a', { controlling: true, yours: true })], 'a')).toEqual({ kind: 'yours' });
    // The same person's other tab controls: this one watches it.
    expect(controlView([viewer('a', { yours: true }), viewer('b', { controlling: true, yours: true, name: 'Ann' })], 'a')).toEqual({ kind: 'other', name: 'Ann' });
  });

  it('names who else controls', () => {
    expect(controlView([viewer('a'), viewer('b', { controlling: true, name: 'Bob' })], 'a')).toEqual({ kind: 'other', name: 'Bob' });
  });
});
