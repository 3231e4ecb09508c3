import type { SyncPart, SyncRefusalReason, SyncVersion } from '@facet/contracts';

/** A small tag beside a version's number: a locale key, its values and a colour. */
interface VersionBadge {
  key: 'newest' | 'beside' | 'restoredFrom' | 'refused';
  textKey: string;
  values?: { number: number };
  color: string;
}

/**
 * What a version's tags say: refused by a computer (passed over at every start), the newest (what
 * a start opens), made beside another machine's, restored from an older one.
 */
export function versionBadges(version: Pick<SyncVersion, 'head' | 'conflictWith' | 'restoredFrom'> & { refused?: SyncVersion['refused'] }): VersionBadge[] {
  const badges: VersionBadge[] = [];
  if (version.refused) badges.push({ key: 'refused', textKey: 'syncState.versions.refused', color: 'red' });
  if (version.head) badges.push({ key: 'newest', textKey: 'syncState.versions.newest', color: 'green' });
  if (version.conflictWith !== null) badges.push({ key: 'beside', textKey: 'syncState.versions.beside', values: { number: version.conflictWith }, color: 'orange' });
  if (version.restoredFrom !== null) badges.push({ key: 'restoredFrom', textKey: 'syncState.versions.restoredFrom', values: { number: version.restoredFrom }, color: 'blue' });
  return badges;
}

/** Why a computer refused a version, as a clause the refusal texts take as `reason`. */
export function refusalTextKey(reason: SyncRefusalReason): string {
  return `syncState.refusal.${reason}`;
}

/**
 * A part's name, as the profile's sync options call it; `site` (the cookies option's site
 * storage) has its own, since the cookies themselves travel apart.
 */
export function partTextKey(part: SyncPart): string {
  return part === 'site' ? 'syncState.versions.siteData' : `profiles.sync.${part}`;
}

/** What the owner is told of a refused version: which, who saved it where, who refused it, why, and what opens instead. */
export function refusedText(
  version: Pick<SyncVersion, 'number' | 'by' | 'device'>,
  refusal: NonNullable<SyncVersion['refused']>,
  usingNumber: number | null,
  reasonText: (reason: NonNullable<SyncVersion['refused']>['reason']) => string,
): { key: string; values: Record<string, string | number> } {
  const values = { number: version.number, madeBy: version.by, madeOn: version.device, device: refusal.device, by: refusal.by, reason: reasonText(refusal.reason) };
  return usingNumber === null ? { key: 'syncState.refusedNoneLeft', values } : { key: 'syncState.refused', values: { ...values, using: usingNumber } };
}
