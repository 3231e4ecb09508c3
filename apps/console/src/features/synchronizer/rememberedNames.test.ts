import { describe, expect, it } from 'vitest';
import { nameWithRemembered, rememberNames } from './rememberedNames.ts';

describe('rememberedNames', () => {
  it('names a profile of the synchronization after the list has forgotten it', () => {
    rememberNames(['r1', 'r2'], (id) => (id === 'r1' ? 'Shop 1' : id));
    const nameOf = nameWithRemembered((id) => id);
    expect(nameOf('r1')).toBe('Shop 1');
    // An id the list did not name is not remembered as its own name.
    expect(nameOf('r2')).toBe('r2');
  });

  it('leaves other profiles to the list', () => {
    expect(nameWithRemembered((id) => `list ${id}`)('other')).toBe('list other');
  });
});
