import type { Executor } from './executor.ts';

export interface GroupGrantRecord {
  group_id: string;
  account_id: string;
  permission: string;
  /** The group's name now, so a list of grants reads without a second lookup. */
  group_name: string;
}

/** A main account's groups its sub-accounts may reach. Callers check both are the main account's. */
export class GroupGrantsRepository {
  constructor(private readonly db: Executor) {}

  listFor(accountIds: readonly string[]): Promise<GroupGrantRecord[]> {
    if (accountIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('group_grants as g')
      .innerJoin('profile_groups as pg', 'pg.id', 'g.group_id')
      .select(['g.group_id', 'g.account_id', 'g.permission', 'pg.name as group_name'])
      .where('g.account_id', 'in', accountIds)
      .orderBy('pg.sort')
      .orderBy('pg.name')
      .execute();
  }

  /** The account's grants become exactly `grants`. */
  async replace(accountId: string, grants: readonly { groupId: string; permission: string }[], grantedBy: string, now: number): Promise<void> {
    await this.db.deleteFrom('group_grants').where('account_id', '=', accountId).execute();
    if (grants.length === 0) return;
    await this.db
      .insertInto('group_grants')
      .values(grants.map((g) => ({ group_id: g.groupId, account_id: accountId, permission: g.permission, granted_by: grantedBy, created_at: now })))
      .execute();
  }
}
