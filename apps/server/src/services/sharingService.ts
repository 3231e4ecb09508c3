import { Code } from '@facet/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Account, AccountsRepository } from '../repositories/accounts.ts';
import { ProfilesRepository } from '../repositories/profiles.ts';
import { SharesRepository } from '../repositories/shares.ts';
import type { OperationLog } from './operationLog.ts';
import type { PlanAllowance } from './planAllowance.ts';
import { assertAllOwned } from './profileService.ts';
import { assertMain } from './roles.ts';

export type ShareTarget = { mode: 'accounts'; accounts: string[] } | { mode: 'subAccounts' };

/**
 * Sharing with other accounts and handing profiles over; only the owner does either, and only a
 * main account (spec §6). Taking a share away stays open to any owner: it only narrows access.
 */
export class SharingService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly accounts: AccountsRepository,
    private readonly allowance: PlanAllowance,
    private readonly log: OperationLog,
    private readonly clock: Clock,
  ) {}

  async share(actor: Account, ids: string[], target: ShareTarget): Promise<{ changed: number; recipients: number }> {
    assertMain(actor);
    await this.allowance.assertActive(actor);
    // Ownership first: someone naming another account's ids learns nothing from later checks.
    await assertAllOwned(new ProfilesRepository(this.db), actor, ids);
    const recipients = target.mode === 'subAccounts' ? await this.subAccountsOf(actor) : await this.resolve(actor, target.accounts);
    return this.db.transaction().execute(async (trx) => {
      const records = await assertAllOwned(new ProfilesRepository(trx), actor, ids);
      const changed = await new SharesRepository(trx).add(ids, recipients.map((a) => a.id), actor.id, this.clock.now());
      await this.log.record(trx, actor, 'profile.share', records.map((r) => r.name), { count: records.length, recipients: recipients.map((a) => a.username).join(', ').slice(0, 200) });
      return { changed, recipients: recipients.length };
    });
  }

  async unshare(actor: Account, ids: string[], accountIds: string[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const records = await assertAllOwned(new ProfilesRepository(trx), actor, ids);
      const removed = await new SharesRepository(trx).remove(ids, accountIds);
      await this.log.record(trx, actor, 'profile.unshare', records.map((r) => r.name), { count: records.length });
      return removed;
    });
  }

  async transfer(actor: Account, ids: string[], accountName: string): Promise<number> {
    assertMain(actor);
    await assertAllOwned(new ProfilesRepository(this.db), actor, ids);
    const [recipient] = await this.resolve(actor, [accountName]);
    return this.db.transaction().execute(async (trx) => {
      const profiles = new ProfilesRepository(trx);
      const records = await assertAllOwned(profiles, actor, ids);
      await this.allowance.assertRecipientRoom(actor, recipient!, ids.length, trx);
      // The new owner starts clean: no shares the old owner made, no group of the old owner's.
      await new SharesRepository(trx).removeAll(ids);
      const first = await profiles.reserveSerials(recipient!.id, ids.length);
      const changed = await profiles.changeOwner(actor.id, recipient!.id, ids, first, this.clock.now());
      await profiles.adjustLiveCount(actor.id, -changed);
      await profiles.adjustLiveCount(recipient!.id, changed);
      await this.log.record(trx, actor, 'profile.transfer', records.map((r) => r.name), { count: changed, to: recipient!.username });
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
    const subs = (await this.accounts.listSubAccounts(actor.id)).filter((a) => a.status === 'active');
    if (subs.length === 0) throw new AppError(Code.NO_SUB_ACCOUNTS);
    return subs;
  }
}
