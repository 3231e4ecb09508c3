import type { Kysely, Selectable } from 'kysely';
import type { AccountsTable, Database } from '../db/schema.ts';

export type Account = Selectable<AccountsTable>;

export class AccountsRepository {
  constructor(private readonly db: Kysely<Database>) {}

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
}
