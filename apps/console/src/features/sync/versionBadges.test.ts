import { syncParts } from '@facet/contracts';
import { locales, lookup } from '@facet/i18n';
import { describe, expect, it } from 'vitest';
import { partTextKey, versionBadges } from './versionBadges.ts';

describe('a saved version\'s tags', () => {
  it('marks the newest, what it was made beside and what it was restored from', () => {
    expect(versionBadges({ head: true, conflictWith: null, restoredFrom: null }).map((b) => b.key)).toEqual(['newest']);
    const both = versionBadges({ head: false, conflictWith: 4, restoredFrom: 2 });
    expect(both.map((b) => [b.key, b.values?.number])).toEqual([
      ['beside', 4],
      ['restoredFrom', 2],
    ]);
    expect(versionBadges({ head: false, conflictWith: null, restoredFrom: null })).toEqual([]);
  });

  it('has words for every tag and every part, in every language', () => {
    const keys = [...versionBadges({ head: true, conflictWith: 1, restoredFrom: 1 }).map((b) => b.textKey), ...syncParts.map(partTextKey)];
    for (const [tag, tree] of Object.entries(locales)) for (const key of keys) expect(lookup(tree, key), `${tag} ${key}`).toBeTruthy();
  });
});
