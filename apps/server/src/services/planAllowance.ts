import { Code, UNLIMITED } from '@facet/contracts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { Account } from '../repositories/accounts.ts';
import type { Store } from '../repositories/store.ts';

/** What an account that never bought a plan may use; the operator sets it (config). */
export interface FreeAllowance {
  profiles: number;
  subAccounts: number;
  /** Megabytes of blob storage; -1 unlimited. */
  storageMb: number;
}

interface TeamAllowance {
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
    private readonly store: Store,
    private readonly free: FreeAllowance,
    private readonly clock: Clock,
  ) {}

  async of(actor: Account, store: Store = this.store): Promise<TeamAllowance> {
    const holder = actor.type === 'sub' && actor.parent_id ? await store.accounts.findById(actor.parent_id) : actor;
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
  async assertActive(actor: Account, store: Store = this.store): Promise<TeamAllowance> {
    const allowance = await this.of(actor, store);
    if (allowance.state === 'expired' && (await this.beyond(allowance, store))) throw new AppError(Code.PLAN_EXPIRED);
    return allowance;
  }

  /** Whether `assertActive` refuses the actor now: an expired plan, and a team beyond the free allowance. */
  async restricts(actor: Account, store: Store = this.store): Promise<boolean> {
    const allowance = await this.of(actor, store);
    return allowance.state === 'expired' && (await this.beyond(allowance, store));
  }

  /** The team holds more than the allowance lets it have. */
  private async beyond(allowance: TeamAllowance, store: Store): Promise<boolean> {
    if (allowance.profiles !== UNLIMITED && (await this.teamProfiles(allowance.holderId, store)) > allowance.profiles) return true;
    return allowance.subAccounts !== UNLIMITED && (await this.teamSubAccounts(allowance.holderId, store)) > allowance.subAccounts;
  }

  /**
   * Room for `adding` more live profiles in the actor's team. Run inside the transaction that
   * adds them, so the count and the insert see the same rows.
   */
  async assertProfileRoom(actor: Account, adding: number, store: Store = this.store): Promise<void> {
    await this.lockTeam(actor, store);
    const allowance = await this.assertActive(actor, store);
    if (allowance.profiles === UNLIMITED) return;
    const used = await this.teamProfiles(allowance.holderId, store);
    if (used + adding > allowance.profiles) throw new AppError(Code.PROFILE_LIMIT_REACHED, { limit: allowance.profiles, used });
  }

  /**
   * Room in the recipient's team for profiles handed over. Within one team nothing changes; a
   * recipient whose plan expired has the free allowance's room. Said as the recipient's limit.
   */
  async assertRecipientRoom(actor: Account, recipient: Account, adding: number, store: Store = this.store): Promise<void> {
    const [own, theirs] = [await this.of(actor, store), await this.of(recipient, store)];
    if (own.holderId === theirs.holderId || theirs.profiles === UNLIMITED) return;
    const used = await this.teamProfiles(theirs.holderId, store);
    if (used + adding > theirs.profiles) throw new AppError(Code.PROFILE_LIMIT_REACHED, { account: recipient.username, limit: theirs.profiles, used });
  }

  async assertSubAccountRoom(actor: Account, store: Store = this.store): Promise<void> {
    await this.lockTeam(actor, store);
    const allowance = await this.assertActive(actor, store);
    if (allowance.subAccounts === UNLIMITED) return;
    const used = await this.teamSubAccounts(allowance.holderId, store);
    if (used + 1 > allowance.subAccounts) throw new AppError(Code.SUB_ACCOUNT_LIMIT_REACHED, { limit: allowance.subAccounts, used });
  }

  /**
   * Inside a transaction, writes the team's main account row (to itself) before anything is
   * counted: PostgreSQL then holds that row's lock until commit and SQLite takes its write lock,
   * so two creations in one team count one after the other and cannot both take the last place.
   */
  private async lockTeam(actor: Account, store: Store): Promise<void> {
    if (store === this.store) return;
    const holderId = actor.type === 'sub' && actor.parent_id ? actor.parent_id : actor.id;
    await store.accounts.touch(holderId);
  }

  teamProfiles(holderId: string, store: Store = this.store): Promise<number> {
    return store.accounts.teamLiveProfiles(holderId);
  }

  teamSubAccounts(holderId: string, store: Store = this.store): Promise<number> {
    return store.accounts.countSubAccounts(holderId);
  }
}
