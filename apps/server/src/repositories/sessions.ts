import type { Kysely, Selectable } from 'kysely';
import type { Database, SessionsTable } from '../db/schema.ts';

export type SessionRow = Selectable<SessionsTable>;

export class SessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: SessionRow): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  findByTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  findByRefreshHash(refreshHash: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom('sessions').selectAll().where('refresh_hash', '=', refreshHash).executeTakeFirst();
  }

  /**
   * Swap in a new token pair, but only if the refresh credential is still the one presented:
   * two racing refreshes with the same credential cannot both win.
   */
  async rotate(
    id: string,
    presentedRefreshHash: string,
    next: Pick<SessionRow, 'token_hash' | 'refresh_hash' | 'expires_at' | 'refresh_expires_at' | 'last_seen_at'>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('sessions')
      .set(next)
      .where('id', '=', id)
      .where('refresh_hash', '=', presentedRefreshHash)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async touch(id: string, now: number): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
  }

  async deleteForAccount(accountId: string, id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).where('account_id', '=', accountId).execute();
  }

  /** Ends every session of the account; returns the ids that were ended. */
  async deleteAllForAccount(accountId: string): Promise<string[]> {
    const rows = await this.db.deleteFrom('sessions').where('account_id', '=', accountId).returning('id').execute();
    return rows.map((r) => r.id);
  }

  async deleteExpired(now: number): Promise<number> {
    const result = await this.db.deleteFrom('sessions').where('refresh_expires_at', '<', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
