import { Code, type SharePermission, type ShareMember } from '@facet/contracts';
import type { Store } from '../repositories/store.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { Account, AccountsRepository } from '../repositories/accounts.ts';
import { asPermission } from '../repositories/profiles.ts';
import type { SharesRepository } from '../repositories/shares.ts';
import type { LeaseService } from './leaseService.ts';
import type { OperationLog } from './operationLog.ts';
import { confirmPassword } from './passwordConfirmation.ts';
import type { PlanAllowance } from './planAllowance.ts';
import { accessTo, type ProfileAccess } from './profileAccess.ts';
import { resealProfileSecrets } from '../codecs/profileCodec.ts';
import { assertAllOwned } from './profileService.ts';
import type { RateLimiter } from '../guards/rateLimiter.ts';
import { assertMain } from './roles.ts';
import type { SecretBox } from '../crypto/secretBox.ts';

type ShareTarget = { mode: 'accounts'; accounts: string[] } | { mode: 'subAccounts' };

/**
 * Sharing with other accounts and handing profiles over. A main account shares its own profiles
 * (spec §6); anyone a profile is shared with in full may share it onward. The owner manages every
 * share of a profile; a full recipient the shares they made. Only the owner transfers.
 */
export class SharingService {
  constructor(
    private readonly store: Store,
    private readonly accounts: AccountsRepository,
    private readonly allowance: PlanAllowance,
    private readonly limiter: RateLimiter,
    private readonly log: OperationLog,
    private readonly clock: Clock,
    private readonly secrets: SecretBox,
    private readonly leases: Pick<LeaseService, 'endWithoutAccess' | 'tell'>,
  ) {}

  async share(actor: Account, ids: string[], target: ShareTarget, permission: SharePermission): Promise<{ changed: number; recipients: number }> {
    // Access first: someone naming ids they cannot reach learns nothing from later checks.
    const reached = await accessTo(this.store.profiles, actor, ids, 'full');
    if (reached.some((a) => a.permission === null)) assertMain(actor);
    await this.allowance.assertActive(actor);
    const recipients = target.mode === 'subAccounts' ? await this.subAccountsOf(actor) : await this.resolve(actor, target.accounts);
    return this.store.transaction(async (tx) => {
      const records = await accessTo(tx.profiles, actor, ids, 'full');
      const shares = tx.shares;
      let changed = 0;
      // A profile is never shared with its own owner: they have it already.
      for (const [ownerId, group] of byOwner(records)) {
        const to = recipients.filter((a) => a.id !== ownerId).map((a) => a.id);
        changed += await shares.upsert(group.map((a) => a.record.id), to, permission, actor.id, this.clock.now());
      }
      await this.log.record(tx, actor, 'profile.share', names(records), { count: records.length, permission, recipients: recipients.map((a) => a.username).join(', ').slice(0, 200) });
      return { changed, recipients: recipients.length };
    });
  }

  /** Every share of the profiles, with what the actor may change. */
  async members(actor: Account, ids: string[]): Promise<ShareMember[]> {
    const reached = await accessTo(this.store.profiles, actor, ids, 'full');
    const owned = new Set(reached.filter((a) => a.permission === null).map((a) => a.record.id));
    const rows = await this.store.shares.membersOf(ids);
    return rows.map((m) => ({
      profileId: m.profile_id,
      account: { id: m.account_id, name: m.username },
      permission: asPermission(m.permission) ?? 'run',
      sharedBy: { id: m.shared_by, name: m.sharer_name },
      createdAt: Number(m.created_at),
      manageable: owned.has(m.profile_id) || m.shared_by === actor.id,
    }));
  }

  async setPermission(actor: Account, ids: string[], accountIds: string[], permission: SharePermission): Promise<number> {
    return this.manage(actor, ids, 'profile.sharePermission', { permission }, (shares, profileIds, sharedBy) => shares.setPermission(profileIds, accountIds, permission, sharedBy));
  }

  async unshare(actor: Account, ids: string[], accountIds: string[]): Promise<number> {
    return this.manage(actor, ids, 'profile.unshare', {}, (shares, profileIds, sharedBy) => shares.remove(profileIds, accountIds, sharedBy));
  }

  async transfer(actor: Account, ids: string[], accountName: string, password: string): Promise<number> {
    assertMain(actor);
    await assertAllOwned(this.store.profiles, actor, ids);
    // It cannot be undone (spec §5: sensitive actions re-confirm by password).
    await confirmPassword(this.limiter, actor, password);
    const [recipient] = await this.resolve(actor, [accountName]);
    await this.secrets.ready([actor.id, recipient!.id]);
    const { changed, ended } = await this.store.transaction(async (tx) => {
      const profiles = tx.profiles;
      const records = await assertAllOwned(profiles, actor, ids);
      // Sealed again under the new owner's key in this transaction: the row and its secrets change owner together.
      const byId = new Map(records.map((r) => [r.id, r]));
      const moves = ids.map((id) => ({ id, ...resealProfileSecrets(byId.get(id)!, this.secrets, recipient!.id) }));
      await this.allowance.assertRecipientRoom(actor, recipient!, ids.length, tx);
      // The new owner starts clean: no shares the old owner made, no group of the old owner's.
      await tx.shares.removeAll(ids);
      const first = await profiles.reserveSerials(recipient!.id, ids.length);
      const changed = await profiles.changeOwner(actor.id, recipient!.id, moves, first, this.clock.now());
      await profiles.adjustLiveCount(actor.id, -changed);
      await profiles.adjustLiveCount(recipient!.id, changed);
      await this.log.record(tx, actor, 'profile.transfer', records.map((r) => r.name), { count: changed, to: recipient!.username });
      // Whoever runs them now (the old owner, its sub-accounts, its recipients) does so no longer.
      return { changed, ended: await this.leases.endWithoutAccess(tx, { profileIds: ids }) };
    });
    await this.leases.tell(ended);
    return changed;
  }

  /**
   * A change to existing shares, all or none: the owner's profiles take it for every share, the
   * ones shared with the actor in full only for the shares the actor made.
   */
  private async manage(
    actor: Account,
    ids: string[],
    action: 'profile.unshare' | 'profile.sharePermission',
    detail: Record<string, string>,
    change: (shares: SharesRepository, profileIds: string[], sharedBy: string | null) => Promise<number>,
  ): Promise<number> {
    const { changed, ended } = await this.store.transaction(async (tx) => {
      const records = await accessTo(tx.profiles, actor, ids, 'full');
      const shares = tx.shares;
      const owned = records.filter((a) => a.permission === null).map((a) => a.record.id);
      const received = records.filter((a) => a.permission !== null).map((a) => a.record.id);
      const changed = (await change(shares, owned, null)) + (await change(shares, received, actor.id));
      await this.log.record(tx, actor, action, names(records), { count: records.length, ...detail });
      // A recipient running one it can no longer reach has its browser closed within seconds.
      return { changed, ended: await this.leases.endWithoutAccess(tx, { profileIds: ids }) };
    });
    await this.leases.tell(ended);
    return changed;
  }

  /**
   * Names (username or e-mail) to accounts; unknown names and the actor are refused by name. A
   * sharer needs to know who exists to share at all, so the answer cannot hide it; what keeps the
   * share dialog from serving as a directory is that each account may name only a few unknown
   * accounts an hour (shareUnknownPerAccount).
   */
  private async resolve(actor: Account, names: string[]): Promise<Account[]> {
    await this.limiter.assertUnder('shareUnknownPerAccount', actor.id);
    const found = new Map<string, Account>();
    const unknown: string[] = [];
    for (const name of names) {
      const account = await this.accounts.findByLogin(name);
      if (!account || account.status !== 'active') unknown.push(name);
      else found.set(account.id, account);
    }
    if (unknown.length > 0) {
      await this.limiter.count('shareUnknownPerAccount', actor.id, unknown.length);
      throw new AppError(Code.ACCOUNT_UNKNOWN, { accounts: unknown });
    }
    if (found.has(actor.id)) throw new AppError(Code.CANNOT_TARGET_SELF);
    return [...found.values()];
  }

  private async subAccountsOf(actor: Account): Promise<Account[]> {
    const subs = (await this.accounts.listSubAccounts(actor.id)).filter((a) => a.status === 'active');
    if (subs.length === 0) throw new AppError(Code.NO_SUB_ACCOUNTS);
    return subs;
  }
}

function byOwner(records: ProfileAccess[]): Map<string, ProfileAccess[]> {
  const groups = new Map<string, ProfileAccess[]>();
  for (const a of records) groups.set(a.record.owner_id, [...(groups.get(a.record.owner_id) ?? []), a]);
  return groups;
}

function names(records: ProfileAccess[]): string[] {
  return records.map((a) => a.record.name);
}
