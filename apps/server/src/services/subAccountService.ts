import { Code, type GroupGrant, type SubAccount } from '@facet/contracts';
import type { Store } from '../repositories/store.ts';
import type { Clock } from '../clock.ts';
import { uniqueViolationColumn } from '../repositories/uniqueViolation.ts';
import { AppError } from '../errors.ts';
import type { PushHub } from '../realtime/pushHub.ts';
import { newAccountRow, type AccountsRepository, type Account } from '../repositories/accounts.ts';
import { type GroupGrantRecord } from '../repositories/groupGrants.ts';
import { asPermission } from '../repositories/profiles.ts';
import type { SubAccountsRepository } from '../repositories/subAccounts.ts';
import { hashPassword } from '../security/passwords.ts';
import { newId, newInvitationCode } from '../security/tokens.ts';
import { confirmPassword } from './passwordConfirmation.ts';
import type { LeaseService } from './leaseService.ts';
import type { OperationLog } from './operationLog.ts';
import type { PlanAllowance } from './planAllowance.ts';
import type { RateLimiter } from '../guards/rateLimiter.ts';
import { assertMain } from './roles.ts';
import type { SessionService } from './sessionService.ts';

interface SubAccountInput {
  username: string;
  password: string;
  nickname: string;
  platformAccount: string;
  groupGrants: GroupGrant[];
}

interface SubAccountChange {
  nickname: string;
  platformAccount: string;
  /** Undefined: the authorized groups stay. */
  groupGrants?: GroupGrant[] | undefined;
  /** Undefined: the password stays. */
  password?: string | undefined;
}

/**
 * A main account's sub-accounts (spec §3, §6): people who sign in with their own username and
 * password and work on their own profiles under the main account's plan. Every call is the main
 * account's alone, and sees only its own sub-accounts: anyone else's id reads as not found.
 */
export class SubAccountService {
  private readonly subAccounts: SubAccountsRepository;

  constructor(
    private readonly store: Store,
    private readonly accounts: AccountsRepository,
    private readonly sessions: SessionService,
    private readonly push: PushHub,
    private readonly limiter: RateLimiter,
    private readonly allowance: PlanAllowance,
    private readonly log: OperationLog,
    private readonly clock: Clock,
    private readonly leases: Pick<LeaseService, 'endWithoutAccess' | 'tell'>,
  ) {
    this.subAccounts = store.subAccounts;
  }

  async list(actor: Account): Promise<SubAccount[]> {
    assertMain(actor);
    const subs = await this.subAccounts.list(actor.id);
    const grants = await this.store.groupGrants.listFor(subs.map((a) => a.id));
    return subs.map((a) => view(a, grants));
  }

  async create(actor: Account, input: SubAccountInput): Promise<SubAccount> {
    assertMain(actor);
    await this.allowance.assertSubAccountRoom(actor);
    await this.assertOwnGroups(actor, input.groupGrants);
    if (await this.accounts.isUsernameTaken(input.username)) throw new AppError(Code.USERNAME_TAKEN);
    const now = this.clock.now();
    const account = newAccountRow({
      id: newId('acc'),
      type: 'sub',
      parentId: actor.id,
      // No e-mail or phone: a sub-account signs in by username, and cannot reset by mail.
      username: input.username,
      passwordHash: await hashPassword(input.password),
      // The column is required and unique; a sub-account never shows or uses it (member answers null).
      invitationCode: newInvitationCode(),
      nickname: input.nickname,
      platformAccount: input.platformAccount,
      now,
    });
    try {
      await this.store.transaction(async (tx) => {
        // Counted again where the row is written: a concurrent creation may have taken the place.
        await this.allowance.assertSubAccountRoom(actor, tx);
        await tx.accounts.insert(account);
        await tx.groupGrants.replace(account.id, input.groupGrants, actor.id, now);
        await this.log.record(tx, actor, 'subAccount.create', account.username);
      });
    } catch (error) {
      // Two creations racing for one name: the unique key decides.
      if (uniqueViolationColumn(error) === 'username_key') throw new AppError(Code.USERNAME_TAKEN);
      throw error;
    }
    return view(account, await this.store.groupGrants.listFor([account.id]));
  }

  /** A new password ends every session of the sub-account (887 to its open consoles). */
  async update(actor: Account, id: string, change: SubAccountChange): Promise<SubAccount> {
    assertMain(actor);
    if (!(await this.subAccounts.find(actor.id, id))) throw new AppError(Code.NOT_FOUND, { id });
    if (change.groupGrants) await this.assertOwnGroups(actor, change.groupGrants);
    const passwordHash = change.password === undefined ? undefined : await hashPassword(change.password);
    const ended = await this.store.transaction(async (tx) => {
      const repo = tx.subAccounts;
      const before = await repo.find(actor.id, id);
      const changed = await repo.update(
        actor.id,
        id,
        { nickname: change.nickname, platform_account: change.platformAccount, ...(passwordHash ? { password_hash: passwordHash } : {}) },
        this.clock.now(),
      );
      if (changed === 0 || !before) throw new AppError(Code.NOT_FOUND, { id });
      if (change.groupGrants) await tx.groupGrants.replace(id, change.groupGrants, actor.id, this.clock.now());
      // Which fields changed, never their values' secrets: a new password is named, not shown.
      const fields = [
        before.nickname !== change.nickname ? 'nickname' : null,
        before.platform_account !== change.platformAccount ? 'platformAccount' : null,
        passwordHash ? 'password' : null,
        change.groupGrants ? 'groups' : null,
      ].filter(Boolean);
      await this.log.record(tx, actor, 'subAccount.update', before.username, { fields: fields.join(',') });
      // A group taken away: what the sub-account runs from it closes within seconds.
      return change.groupGrants ? await this.leases.endWithoutAccess(tx, { holderId: id }) : [];
    });
    await this.leases.tell(ended);
    if (passwordHash) await this.sessions.endAll(id);
    const updated = await this.subAccounts.find(actor.id, id);
    if (!updated) throw new AppError(Code.NOT_FOUND, { id });
    return view(updated, await this.store.groupGrants.listFor([id]));
  }

  /**
   * Deletes the sub-account with every profile it owns, in one transaction; re-confirmed with
   * the main account's password. Answers how many live profiles went with it.
   */
  async delete(actor: Account, id: string, mainPassword: string): Promise<number> {
    assertMain(actor);
    await confirmPassword(this.limiter, actor, mainPassword);
    const deleted = await this.store.transaction(async (tx) => {
      const repo = tx.subAccounts;
      const sub = await repo.find(actor.id, id);
      if (!sub) throw new AppError(Code.NOT_FOUND, { id });
      const deleted = await repo.deleteWithEverything(id);
      await this.log.record(tx, actor, 'subAccount.delete', sub.username, { profiles: deleted.liveProfiles });
      return deleted;
    });
    // Its sessions are gone with it; tell its open consoles now rather than at their next call.
    await this.push.forceLogout(id);
    return deleted.liveProfiles;
  }

  /** Every granted group is one of the main account's own; anyone else's id reads as not found. */
  private async assertOwnGroups(actor: Account, grants: readonly GroupGrant[]): Promise<void> {
    const own = new Set((await this.store.groups.findOwned(actor.id, grants.map((g) => g.groupId))).map((g) => g.id));
    const foreign = grants.find((g) => !own.has(g.groupId));
    if (foreign) throw new AppError(Code.NOT_FOUND, { groupId: foreign.groupId });
  }
}

function view(account: Account, grants: readonly GroupGrantRecord[]): SubAccount {
  return {
    id: account.id,
    username: account.username,
    nickname: account.nickname,
    platformAccount: account.platform_account,
    addedAt: account.created_at,
    lastLoginAt: account.last_login_at,
    profileCount: account.live_profiles,
    groupGrants: grants.filter((g) => g.account_id === account.id).map((g) => ({ groupId: g.group_id, groupName: g.group_name, permission: asPermission(g.permission) ?? 'run' })),
  };
}
