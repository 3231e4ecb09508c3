import type { Account } from './accounts.ts';
import type { Executor } from './executor.ts';

/** A main account's sub-accounts; every query is scoped by the main account's id. */
export class SubAccountsRepository {
  constructor(private readonly db: Executor) {}

  /** Oldest first. */
  list(parentId: string): Promise<Account[]> {
    return this.db
      .selectFrom('accounts')
      .selectAll()
      .where('parent_id', '=', parentId)
      .where('type', '=', 'sub')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** The sub-account, only if it belongs to this main account. */
  find(parentId: string, id: string): Promise<Account | undefined> {
    return this.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', id)
      .where('parent_id', '=', parentId)
      .where('type', '=', 'sub')
      .executeTakeFirst();
  }

  async update(parentId: string, id: string, fields: Partial<Pick<Account, 'nickname' | 'platform_account' | 'password_hash'>>, now: number): Promise<number> {
    const result = await this.db
      .updateTable('accounts')
      .set({ ...fields, updated_at: now })
      .where('id', '=', id)
      .where('parent_id', '=', parentId)
      .where('type', '=', 'sub')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Deletes the sub-account and everything that hangs on it: shares to it, from it and of its
   * profiles, its profiles (live and recycled), its groups, sessions and API tokens. Run inside
   * the caller's transaction; the caller has checked the sub-account is the main account's.
   */
  async deleteWithEverything(id: string): Promise<{ liveProfiles: number; allProfiles: number }> {
    const live = await this.db
      .selectFrom('profiles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const owned = this.db.selectFrom('profiles').select('id').where('owner_id', '=', id);
    await this.db
      .deleteFrom('profile_shares')
      .where((eb) => eb.or([eb('account_id', '=', id), eb('shared_by', '=', id), eb('profile_id', 'in', owned)]))
      .execute();
    const profiles = await this.db.deleteFrom('profiles').where('owner_id', '=', id).executeTakeFirst();
    await this.db.deleteFrom('profile_groups').where('owner_id', '=', id).execute();
    await this.db.deleteFrom('sessions').where('account_id', '=', id).execute();
    await this.db.deleteFrom('api_tokens').where('account_id', '=', id).execute();
    // Anyone who signed up with its invitation code keeps their account, without the link.
    await this.db.updateTable('accounts').set({ invited_by: null }).where('invited_by', '=', id).execute();
    await this.db.deleteFrom('accounts').where('id', '=', id).where('type', '=', 'sub').execute();
    return { liveProfiles: Number(live.n), allProfiles: Number(profiles.numDeletedRows) };
  }
}
