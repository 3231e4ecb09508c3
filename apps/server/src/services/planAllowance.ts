import { Code, UNLIMITED } from '@facet/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Account } from '../repositories/accounts.ts';
import type { Executor } from '../repositories/executor.ts';

/** What an account that never bought a plan may use; the operator sets it (config). */
export interface FreeAllowance {
  profiles: number;
  subAccounts: number;
  /** Megabytes of blob storage; -1 unlimited. */
  storageMb: number;
}

export interface TeamAllowance {
  /** The main account whose plan the team lives on. */
  holderId: string;
  state: 'free' | 'active' | 'expired';
  profiles: number;
  subAccounts: number;
  /** Megabytes of blob storage the team may keep (services/storageQuota.ts); -1 unlimited. */
  storageMb: number;
}

/**
 * The plan limits of spec §3 and §4, enforced here rather than in the console. A team is a
 * main account and its sub-accounts: they share the main account's plan, and its number of
 * profiles counts theirs too. An expired plan falls back to what an account that never paid may
 * have (the free allowance): a team within it keeps working as a free one would; a team beyond
 * it has its profile functions restricted (spec §4) until it renews or comes back within it.
 */
export class PlanAllowance {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly free: FreeAllowance,
    private readonly clock: Clock,
  ) {}

  async of(actor: Account, executor: Executor = this.db): Promise<TeamAllowance> {
    const holder = actor.type === 'sub' && actor.parent_id ? await executor.selectFrom('accounts').selectAll().where('id', '=', actor.parent_id).executeTakeFirst() : actor;
    if (!holder) throw new AppError(Code.NOT_FOUND);
    const expiresAt = holder.plan_expires_at;
    if (expiresAt === null) return { holderId: holder.id, state: 'free', ...this.free };
    if (expiresAt <= this.clock.now()) return { holderId: holder.id, state: 'expired', ...this.free };
    return { holderId: holder.id, state: 'active', profiles: holder.plan_profiles ?? UNLIMITED, subAccounts: holder.plan_sub_accounts ?? UNLIMITED, storageMb: holder.plan_storage_mb ?? UNLIMITED };
  }

  /**
   * Profile functions (create, edit, open, share, restore) need a plan in force, or, once it has
   * expired, a team no bigger than the free allowance: never worse off than one that never paid.
   */
  async assertActive(actor: Account, executor: Executor = this.db): Promise<TeamAllowance> {
    const allowance = await this.of(actor, executor);
    if (allowance.state === 'expired' && (await this.beyond(allowance, executor))) throw new AppError(Code.PLAN_EXPIRED);
    return allowance;
  }

  /** Whether `assertActive` refuses the actor now: an expired plan, and a team beyond the free allowance. */
  async restricts(actor: Account, executor: Executor = this.db): Promise<boolean> {
    const allowance = await this.of(actor, executor);
    return allowance.state === 'expired' && (await this.beyond(allowance, executor));
  }

  /** The team holds more than the allowance lets it have. */
  private async beyond(allowance: TeamAllowance, executor: Executor): Promise<boolean> {
    if (allowance.profiles !== UNLIMITED && (await this.teamProfiles(allowance.holderId, executor)) > allowance.profiles) return true;
    return allowance.subAccounts !== UNLIMITED && (await this.teamSubAccounts(allowance.holderId, executor)) > allowance.subAccounts;
  }

  /**
   * Room for `adding` more live profiles in the actor's team. Run inside the transaction that
   * adds them, so the count and the insert see the same rows.
   */
  async assertProfileRoom(actor: Account, adding: number, executor: Executor = this.db): Promise<void> {
    await this.lockTeam(actor, executor);
    const allowance = await this.assertActive(actor, executor);
    if (allowance.profiles === UNLIMITED) return;
    const used = await this.teamProfiles(allowance.holderId, executor);
    if (used + adding > allowance.profiles) throw new AppError(Code.PROFILE_LIMIT_REACHED, { limit: allowance.profiles, used });
  }

  /**
   * Room in the recipient's team for profiles handed over. Within one team nothing changes; a
   * recipient whose plan expired has the free allowance's room. Said as the recipient's limit.
   */
  async assertRecipientRoom(actor: Account, recipient: Account, adding: number, executor: Executor = this.db): Promise<void> {
    const [own, theirs] = [await this.of(actor, executor), await this.of(recipient, executor)];
    if (own.holderId === theirs.holderId || theirs.profiles === UNLIMITED) return;
    const used = await this.teamProfiles(theirs.holderId, executor);
    if (used + adding > theirs.profiles) throw new AppError(Code.PROFILE_LIMIT_REACHED, { account: recipient.username, limit: theirs.profiles, used });
  }

  async assertSubAccountRoom(actor: Account, executor: Executor = this.db): Promise<void> {
    await this.lockTeam(actor, executor);
    const allowance = await this.assertActive(actor, executor);
    if (allowance.subAccounts === UNLIMITED) return;
    const used = await this.teamSubAccounts(allowance.holderId, executor);
    if (used + 1 > allowance.subAccounts) throw new AppError(Code.SUB_ACCOUNT_LIMIT_REACHED, { limit: allowance.subAccounts, used });
  }

  /**
   * Inside a transaction, writes the team's main account row (to itself) before anything is
   * counted: PostgreSQL then holds that row's lock until commit and SQLite takes its write lock,
   * so two creations in one team count one after the other and cannot both take the last place.
   */
  private async lockTeam(actor: Account, executor: Executor): Promise<void> {
    if (executor === this.db) return;
    const holderId = actor.type === 'sub' && actor.parent_id ? actor.parent_id : actor.id;
    await executor
      .updateTable('accounts')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', holderId)
      .execute();
  }

  async teamProfiles(holderId: string, executor: Executor = this.db): Promise<number> {
    const row = await executor
      .selectFrom('accounts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('live_profiles'), eb.lit(0)).as('total'))
      .where((eb) => eb.or([eb('id', '=', holderId), eb('parent_id', '=', holderId)]))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  async teamSubAccounts(holderId: string, executor: Executor = this.db): Promise<number> {
    const row = await executor.selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('count')).where('parent_id', '=', holderId).where('type', '=', 'sub').executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
