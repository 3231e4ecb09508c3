import { Code } from '@facet/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Account, AccountsRepository } from '../repositories/accounts.ts';
import { ProfilesRepository } from '../repositories/profiles.ts';
import { SharesRepository } from '../repositories/shares.ts';
import { assertAllOwned } from './profileService.ts';

export type ShareTarget = { mode: 'accounts'; accounts: string[] } | { mode: 'subAccounts' };

/** Sharing with other accounts and handing profiles over; only the owner does either. */
export class SharingService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly accounts: AccountsRepository,
    private readonly clock: Clock,
  ) {}

  async share(actor: Account, ids: string[], target: ShareTarget): Promise<{ changed: number; recipients: number }> {
    // Ownership first: someone naming another account's ids learns nothing from later checks.
    await assertAllOwned(new ProfilesRepository(this.db), actor, ids);
    const recipients = target.mode === 'subAccounts' ? await this.subAccountsOf(actor) : await this.resolve(actor, target.accounts);
    return this.db.transaction().execute(async (trx) => {
      await assertAllOwned(new ProfilesRepository(trx), actor, ids);
      const changed = await new SharesRepository(trx).add(ids, recipients.map((a) => a.id), actor.id, this.clock.now());
      return { changed, recipients: recipients.length };
    });
  }

  async unshare(actor: Account, ids: string[], accountIds: string[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await assertAllOwned(new ProfilesRepository(trx), actor, ids);
      return new SharesRepository(trx).remove(ids, accountIds);
    });
  }

  async transfer(actor: Account, ids: string[], accountName: string): Promise<number> {
    await assertAllOwned(new ProfilesRepository(this.db), actor, ids);
    const [recipient] = await this.resolve(actor, [accountName]);
    return this.db.transaction().execute(async (trx) => {
      const profiles = new ProfilesRepository(trx);
      await assertAllOwned(profiles, actor, ids);
      // The new owner starts clean: no shares the old owner made, no group of the old owner's.
      await new SharesRepository(trx).removeAll(ids);
      const first = await profiles.reserveSerials(recipient!.id, ids.length);
      const changed = await profiles.changeOwner(actor.id, recipient!.id, ids, first, this.clock.now());
      await profiles.adjustLiveCount(actor.id, -changed);
      await profiles.adjustLiveCount(recipient!.id, changed);
      return changed;
    });
  }

  /** Names (username or e-mail) to accounts; unknown names and the actor are refused by name. */
  private async resolve(actor: Account, names: string[]): Promise<Account[]> {
    const found = new Map<string, Account>();
    const unknown: string[] = [];
    for (const name of names) {
      const account = await this.accounts.findByLogin(name);
      if (!account || account.status !== 'active') unknown.push(name);
      else found.set(account.id, account);
    }
    if (unknown.length > 0) throw new AppError(Code.ACCOUNT_UNKNOWN, { accounts: unknown });
    if (found.has(actor.id)) throw new AppError(Code.CANNOT_TARGET_SELF);
    return [...found.values()];
  }

  private async subAccountsOf(actor: Account): Promise<Account[]> {
    if (actor.type !== 'main') throw new AppError(Code.MAIN_ACCOUNT_ONLY);
    const subs = (await this.accounts.listSubAccounts(actor.id)).filter((a) => a.status === 'active');
    if (subs.length === 0) throw new AppError(Code.NO_SUB_ACCOUNTS);
    return subs;
  }
}
