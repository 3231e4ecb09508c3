import type { Executor } from './executor.ts';

export interface ShareMember {
  profile_id: string;
  account_id: string;
  username: string;
}

/** Who a profile is shared with. Callers check the profiles are the acting owner's first. */
export class SharesRepository {
  constructor(private readonly db: Executor) {}

  /** Adds shares, keeping existing ones (sharing twice is not an error). */
  async add(profileIds: readonly string[], accountIds: readonly string[], sharedBy: string, now: number): Promise<number> {
    if (profileIds.length === 0 || accountIds.length === 0) return 0;
    const existing = await this.db
      .selectFrom('profile_shares')
      .select(['profile_id', 'account_id'])
      .where('profile_id', 'in', profileIds)
      .where('account_id', 'in', accountIds)
      .execute();
    const have = new Set(existing.map((r) => `${r.profile_id} ${r.account_id}`));
    const rows = profileIds.flatMap((profile_id) =>
      accountIds.filter((account_id) => !have.has(`${profile_id} ${account_id}`)).map((account_id) => ({ profile_id, account_id, shared_by: sharedBy, created_at: now })),
    );
    for (let i = 0; i < rows.length; i += 1000) await this.db.insertInto('profile_shares').values(rows.slice(i, i + 1000)).execute();
    return rows.length;
  }

  async remove(profileIds: readonly string[], accountIds: readonly string[]): Promise<number> {
    if (profileIds.length === 0 || accountIds.length === 0) return 0;
    const result = await this.db.deleteFrom('profile_shares').where('profile_id', 'in', profileIds).where('account_id', 'in', accountIds).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async removeAll(profileIds: readonly string[]): Promise<void> {
    if (profileIds.length === 0) return;
    await this.db.deleteFrom('profile_shares').where('profile_id', 'in', profileIds).execute();
  }

  membersOf(profileIds: readonly string[]): Promise<ShareMember[]> {
    if (profileIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('profile_shares as s')
      .innerJoin('accounts as a', 'a.id', 's.account_id')
      .select(['s.profile_id', 's.account_id', 'a.username'])
      .where('s.profile_id', 'in', profileIds)
      .orderBy('s.created_at')
      .execute();
  }
}
