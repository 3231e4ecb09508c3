import { describe, expect, it } from 'vitest';
import { samePage } from './samePage.ts';

describe('same page', () => {
  it('ignores the query and the fragment', () => {
    expect(samePage('http://127.0.0.1:5/form?a=1#x', 'http://127.0.0.1:5/form?b=2')).toBe(true);
  });
  it('tells another path or origin apart', () => {
    expect(samePage('http://127.0.0.1:5/form', 'http://127.0.0.1:5/other')).toBe(false);
    expect(samePage('http://127.0.0.1:5/form', 'http://127.0.0.1:6/form')).toBe(false);
  });
  it('never calls an address it cannot read the same as anything', () => {
    expect(samePage('', '')).toBe(false);
  });
});
