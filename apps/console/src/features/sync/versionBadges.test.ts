import { syncParts, syncRefusalReasons } from '@facet/contracts';
import { locales, lookup, translate } from '@facet/i18n';
import { describe, expect, it } from 'vitest';
import { partTextKey, refusalTextKey, refusedText, versionBadges } from './versionBadges.ts';

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

  it('marks a version a computer refused, first: starts pass it over', () => {
    const refused = { at: 1, by: 'anna', device: 'Laptop', reason: 'overCounted' as const };
    expect(versionBadges({ head: false, conflictWith: 3, restoredFrom: null, refused }).map((b) => [b.key, b.color])).toEqual([
      ['refused', 'red'],
      ['beside', 'orange'],
    ]);
  });

  it('has words for every tag and every part, in every language', () => {
    const refused = { at: 1, by: 'anna', device: 'Laptop', reason: 'tampered' as const };
    const keys = [
      ...versionBadges({ head: true, conflictWith: 1, restoredFrom: 1, refused }).map((b) => b.textKey),
      ...syncParts.map(partTextKey),
      ...syncRefusalReasons.map(refusalTextKey),
      'syncState.versions.refusedDetail',
      'syncState.refusedTitle',
      'syncState.refused',
      'syncState.refusedNoneLeft',
      'code.syncSizeMismatch',
      'code.syncVersionRefused',
    ];
    for (const [tag, tree] of Object.entries(locales)) for (const key of keys) expect(lookup(tree, key), `${tag} ${key}`).toBeTruthy();
  });

  it('tells the owner which version was refused, who saved it where, who refused it and why, and what opens instead', () => {
    const refusal = { at: 1, by: 'anna', device: 'Office laptop', reason: 'overCounted' as const };
    const text = refusedText({ number: 2, by: 'bob', device: 'Home desktop' }, refusal, 1, (reason) => translate('en-US', refusalTextKey(reason)));
    expect(translate('en-US', text.key, text.values)).toBe(
      'Version 2, saved by bob on Home desktop, was refused by Office laptop (anna): it would write far more data than was stored for it. The profile now opens with version 1. Version 2 is kept: restore it from the saved versions only if you trust it.',
    );
    expect(refusedText({ number: 2, by: 'bob', device: 'Home desktop' }, refusal, null, String).key).toBe('syncState.refusedNoneLeft');
  });
});
