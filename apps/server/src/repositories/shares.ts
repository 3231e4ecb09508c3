import type { Executor } from './executor.ts';

interface ShareMemberRecord {
  profile_id: string;
  account_id: string;
  username: string;
  permission: string;
  shared_by: string;
  sharer_name: string;
  created_at: number;
}

/** Who a profile is shared with. Callers check the acting account may manage the profiles first. */
export class SharesRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Shares each profile with each account. An existing share takes the new permission (sharing
   * again is how a sharer changes it) and keeps who made it. Returns how many shares were added
   * or changed.
   */
  async upsert(profileIds: readonly string[], accountIds: readonly string[], permission: string, sharedBy: string, now: number): Promise<number> {
    if (profileIds.length === 0 || accountIds.length === 0) return 0;
    const existing = await this.db
      .selectFrom('profile_shares')
      .select(['profile_id', 'account_id', 'permission'])
      .where('profile_id', 'in', profileIds)
      .where('account_id', 'in', accountIds)
      .execute();
    const have = new Map(existing.map((r) => [`${r.profile_id} ${r.account_id}`, r.permission]));
    const rows = profileIds.flatMap((profile_id) =>
      accountIds.filter((account_id) => !have.has(`${profile_id} ${account_id}`)).map((account_id) => ({ profile_id, account_id, shared_by: sharedBy, created_at: now, permission })),
    );
    for (let i = 0; i < rows.length; i += 500) await this.db.insertInto('profile_shares').values(rows.slice(i, i + 500)).execute();
    const changed = existing.filter((r) => r.permission !== permission);
    for (const r of changed) await this.db.updateTable('profile_shares').set({ permission }).where('profile_id', '=', r.profile_id).where('account_id', '=', r.account_id).execute();
    return rows.length + changed.length;
  }

  /** Sets the permission of existing shares; `sharedBy` narrows it to the shares that account made. */
  async setPermission(profileIds: readonly string[], accountIds: readonly string[], permission: string, sharedBy: string | null): Promise<number> {
    if (profileIds.length === 0 || accountIds.length === 0) return 0;
    let query = this.db.updateTable('profile_shares').set({ permission }).where('profile_id', 'in', profileIds).where('account_id', 'in', accountIds).where('permission', '<>', permission);
    if (sharedBy) query = query.where('shared_by', '=', sharedBy);
    return Number((await query.executeTakeFirst()).numUpdatedRows);
  }

  /** Removes shares; `sharedBy` narrows it to the shares that account made. */
  async remove(profileIds: readonly string[], accountIds: readonly string[], sharedBy: string | null = null): Promise<number> {
    if (profileIds.length === 0 || accountIds.length === 0) return 0;
    let query = this.db.deleteFrom('profile_shares').where('profile_id', 'in', profileIds).where('account_id', 'in', accountIds);
    if (sharedBy) query = query.where('shared_by', '=', sharedBy);
    return Number((await query.executeTakeFirst()).numDeletedRows);
  }

  async removeAll(profileIds: readonly string[]): Promise<void> {
    if (profileIds.length === 0) return;
    await this.db.deleteFrom('profile_shares').where('profile_id', 'in', profileIds).execute();
  }

  membersOf(profileIds: readonly string[]): Promise<ShareMemberRecord[]> {
    if (profileIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('profile_shares as s')
      .innerJoin('accounts as a', 'a.id', 's.account_id')
      .innerJoin('accounts as b', 'b.id', 's.shared_by')
      .select(['s.profile_id', 's.account_id', 'a.username', 's.permission', 's.shared_by', 'b.username as sharer_name', 's.created_at'])
      .where('s.profile_id', 'in', profileIds)
      .orderBy('s.created_at')
      .orderBy('a.username')
      .execute();
  }
}
