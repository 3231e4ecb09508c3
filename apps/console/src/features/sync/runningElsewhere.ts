import type { ProfileLease, ProfileRow } from '@facet/contracts';

/**
 * The machine a profile is open on when that is not this one: the server names the holder of
 * the profile's lease, and only the desktop client knows what runs here (its bridge). A profile
 * this machine runs, or is still saving after its close, is "here" even while the server's row
 * (fetched earlier) names this machine. The browser version has no "here": every holder is
 * elsewhere.
 */
export function runningElsewhere(row: Pick<ProfileRow, 'runningOn'>, here: boolean): ProfileLease | null {
  return row.runningOn && !here ? row.runningOn : null;
}

/** How often a list is asked again while one of its rows is open somewhere. */
export const OPEN_SOMEWHERE_REFETCH_MS = 30_000;

/**
 * A list's refetch interval: while a row says where its profile is open, the list is asked again
 * now and then, since a computer that stops without a word lets its lease lapse (after two
 * minutes) and nothing is pushed then. No row open anywhere: no polling.
 */
export function whileOpenSomewhere(data: { list: readonly Pick<ProfileRow, 'runningOn'>[] } | undefined): number | false {
  return data?.list.some((row) => row.runningOn !== null) ? OPEN_SOMEWHERE_REFETCH_MS : false;
}
