import type { Selectable } from 'kysely';
import type { AccountsTable } from '../db/schema.ts';
import type { Executor } from './executor.ts';

export type Account = Selectable<AccountsTable>;

/** What a new account row is made of; every other column starts empty (no plan, no profiles, default settings). */
interface NewAccount {
  id: string;
  type: Account['type'];
  username: string;
  passwordHash: string;
  /** Required and unique for every row; only a main account shows or uses it. */
  invitationCode: string;
  now: number;
  email?: string | null;
  /** When the e-mail address was verified; null for none yet. */
  emailVerifiedAt?: number | null;
  parentId?: string | null;
  invitedBy?: string | null;
  nickname?: string;
  platformAccount?: string;
}

/** The one place the accounts table's row is written out in full. */
export function newAccountRow(input: NewAccount): Account {
  return {
    id: input.id,
    email: input.email ?? null,
    phone: null,
    username: input.username,
    username_key: input.username.toLowerCase(),
    password_hash: input.passwordHash,
    type: input.type,
    parent_id: input.parentId ?? null,
    invitation_code: input.invitationCode,
    invited_by: input.invitedBy ?? null,
    status: 'active',
    email_verified_at: input.emailVerifiedAt ?? null,
    plan_expires_at: null,
    created_at: input.now,
    updated_at: input.now,
    last_login_at: null,
    profile_serial: 0,
    live_profiles: 0,
    nickname: input.nickname ?? '',
    platform_account: input.platformAccount ?? '',
    plan_id: null,
    plan_profiles: null,
    plan_sub_accounts: null,
    plan_storage_mb: null,
    trial_granted_at: null,
    settings: '{}',
  };
}

export class AccountsRepository {
  constructor(private readonly db: Executor) {}

  findById(id: string): Promise<Account | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Login key: an e-mail address (stored lower-cased) or a username (matched case-insensitively). */
  findByLogin(login: string): Promise<Account | undefined> {
    const key = login.trim().toLowerCase();
    const column = key.includes('@') ? 'email' : 'username_key';
    return this.db.selectFrom('accounts').selectAll().where(column, '=', key).executeTakeFirst();
  }

  findByEmail(email: string): Promise<Account | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  }

  async isUsernameTaken(username: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('accounts')
      .select('id')
      .where('username_key', '=', username.toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  }

  findByInvitationCode(code: string): Promise<Account | undefined> {
    return this.db
      .selectFrom('accounts')
      .selectAll()
      .where('invitation_code', '=', code.toUpperCase())
      .executeTakeFirst();
  }

  async insert(account: Account): Promise<void> {
    await this.db.insertInto('accounts').values(account).execute();
  }

  async setPasswordHash(id: string, passwordHash: string, now: number): Promise<void> {
    await this.db
      .updateTable('accounts')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** A newly bound (and so verified) e-mail address. */
  async setEmail(id: string, email: string, now: number): Promise<void> {
    await this.db.updateTable('accounts').set({ email, email_verified_at: now, updated_at: now }).where('id', '=', id).execute();
  }

  async markLogin(id: string, now: number): Promise<void> {
    await this.db.updateTable('accounts').set({ last_login_at: now }).where('id', '=', id).execute();
  }

  /** A main account's sub-accounts, oldest first. */
  listSubAccounts(parentId: string): Promise<Account[]> {
    return this.db.selectFrom('accounts').selectAll().where('parent_id', '=', parentId).where('type', '=', 'sub').orderBy('created_at').execute();
  }

  /** Operator listing, oldest first. */
  listAll(limit: number): Promise<Account[]> {
    return this.db.selectFrom('accounts').selectAll().orderBy('created_at').orderBy('id').limit(limit).execute();
  }

  /** The account's global settings as stored (JSON text). */
  async settingsOf(id: string): Promise<string> {
    const row = await this.db.selectFrom('accounts').select('settings').where('id', '=', id).executeTakeFirstOrThrow();
    return row.settings;
  }

  async setSettings(id: string, settings: string, now: number): Promise<void> {
    await this.db.updateTable('accounts').set({ settings, updated_at: now }).where('id', '=', id).execute();
  }

  /**
   * Writes the team's main account row to itself: inside a transaction, PostgreSQL then holds
   * that row's lock until commit and SQLite takes its write lock (planAllowance.ts says why).
   */
  async touch(id: string): Promise<void> {
    await this.db
      .updateTable('accounts')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', id)
      .execute();
  }

  /** Live profiles of a team: its main account's and its sub-accounts'. */
  async teamLiveProfiles(holderId: string): Promise<number> {
    const row = await this.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('live_profiles'), eb.lit(0)).as('total'))
      .where((eb) => eb.or([eb('id', '=', holderId), eb('parent_id', '=', holderId)]))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  async countSubAccounts(holderId: string): Promise<number> {
    const row = await this.db.selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('count')).where('parent_id', '=', holderId).where('type', '=', 'sub').executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** A plan taken on: its limits and its end. */
  async setPlan(id: string, plan: { id: string; profiles: number | null; sub_accounts: number | null; storage_mb: number | null }, expiresAt: number, now: number): Promise<void> {
    await this.db
      .updateTable('accounts')
      .set({ plan_id: plan.id, plan_profiles: plan.profiles, plan_sub_accounts: plan.sub_accounts, plan_storage_mb: plan.storage_mb, plan_expires_at: expiresAt, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** The trial plan, only for an account never given one; false when it already was. */
  async grantTrial(id: string, plan: { id: string; profiles: number | null; sub_accounts: number | null; storage_mb: number | null }, expiresAt: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('accounts')
      .set({ plan_id: plan.id, plan_profiles: plan.profiles, plan_sub_accounts: plan.sub_accounts, plan_storage_mb: plan.storage_mb, plan_expires_at: expiresAt, trial_granted_at: now, updated_at: now })
      .where('id', '=', id)
      .where('trial_granted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Ends a plan still in force now; false when there is none. */
  async endPlan(id: string, now: number): Promise<boolean> {
    const result = await this.db.updateTable('accounts').set({ plan_expires_at: now, updated_at: now }).where('id', '=', id).where('plan_expires_at', '>', now).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async setPlanExpiry(id: string, expiresAt: number, now: number): Promise<void> {
    await this.db.updateTable('accounts').set({ plan_expires_at: expiresAt, updated_at: now }).where('id', '=', id).execute();
  }
}
