import { describe, expect, it } from 'vitest';
import { cachedProfileName } from './cachedProfileName.ts';

describe('a pushed profile id\'s name', () => {
  it('comes from any cached list that holds the profile', () => {
    const cached = [
      [['profiles', 'list', { page: 1 }], { list: [{ id: 'a', name: 'Shop 1' }], total: 1 }],
      [['profiles', 'shared', { page: 1 }], { list: [{ id: 'b', name: 'Shared 7' }], total: 1 }],
      [['profiles', 'detail', 'x'], undefined],
    ] as const;
    expect(cachedProfileName(cached, 'b')).toBe('Shared 7');
    expect(cachedProfileName(cached, 'a')).toBe('Shop 1');
  });

  it('is null when no list holds it', () => {
    expect(cachedProfileName([[['profiles'], { list: [] }]], 'a')).toBeNull();
    expect(cachedProfileName([], 'a')).toBeNull();
  });
});
