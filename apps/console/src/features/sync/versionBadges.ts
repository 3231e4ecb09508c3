import type { SyncPart, SyncVersion } from '@facet/contracts';

/** A small tag beside a version's number: a locale key, its values and a colour. */
export interface VersionBadge {
  key: 'newest' | 'beside' | 'restoredFrom';
  textKey: string;
  values?: { number: number };
  color: string;
}

/** What a version's tags say: the newest, made beside another machine's, restored from an older one. */
export function versionBadges(version: Pick<SyncVersion, 'head' | 'conflictWith' | 'restoredFrom'>): VersionBadge[] {
  const badges: VersionBadge[] = [];
  if (version.head) badges.push({ key: 'newest', textKey: 'syncState.versions.newest', color: 'green' });
  if (version.conflictWith !== null) badges.push({ key: 'beside', textKey: 'syncState.versions.beside', values: { number: version.conflictWith }, color: 'orange' });
  if (version.restoredFrom !== null) badges.push({ key: 'restoredFrom', textKey: 'syncState.versions.restoredFrom', values: { number: version.restoredFrom }, color: 'blue' });
  return badges;
}

/**
 * A part's name, as the profile's sync options call it; `site` (the cookies option's site
 * storage) has its own, since the cookies themselves travel apart.
 */
export function partTextKey(part: SyncPart): string {
  return part === 'site' ? 'syncState.versions.siteData' : `profiles.sync.${part}`;
}
