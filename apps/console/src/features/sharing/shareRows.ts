import type { ShareMember, SharePermission } from '@facet/contracts';

/** One account the chosen profiles are shared with, across all of them. */
export interface ShareRow {
  accountId: string;
  name: string;
  /** The one permission of all its shares, or 'mixed' when they differ. */
  permission: SharePermission | 'mixed';
  profileIds: string[];
  sharers: string[];
  since: number;
  /** Every one of its shares is the acting account's to change. */
  manageable: boolean;
}

/** Shares grouped by account, in the order the first share of each was made. */
export function shareRows(members: readonly ShareMember[]): ShareRow[] {
  const rows = new Map<string, ShareRow>();
  for (const m of members) {
    const row = rows.get(m.account.id);
    if (!row) {
      rows.set(m.account.id, { accountId: m.account.id, name: m.account.name, permission: m.permission, profileIds: [m.profileId], sharers: [m.sharedBy.name], since: m.createdAt, manageable: m.manageable });
      continue;
    }
    row.profileIds.push(m.profileId);
    if (row.permission !== m.permission) row.permission = 'mixed';
    if (!row.sharers.includes(m.sharedBy.name)) row.sharers.push(m.sharedBy.name);
    row.since = Math.min(row.since, m.createdAt);
    row.manageable &&= m.manageable;
  }
  return [...rows.values()];
}
