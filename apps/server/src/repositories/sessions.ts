import type { Kysely, Selectable } from 'kysely';
import { queryTemplates } from '../db/queryTemplate.ts';
import type { Database, SessionsTable } from '../db/schema.ts';
import type { Account } from './accounts.ts';

export type SessionRow = Selectable<SessionsTable>;

const sessionColumns = ['id', 'account_id', 'token_hash', 'refresh_hash', 'expires_at', 'refresh_expires_at', 'keep', 'created_at', 'last_seen_at', 'ip', 'user_agent', 'client_info'] as const satisfies readonly (keyof SessionsTable)[];

export class SessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: SessionRow): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  /**
   * The session of a token together with its account, in one query: every signed call asks
   * this, and on PostgreSQL each round trip over loopback costs more than the lookup itself.
   * One row by a unique key, so one plan suits every token: PostgreSQL plans it once per
   * connection (db/genericPlans.ts), where planning it took ten times as long as running it.
   */
  async findWithAccountByTokenHash(tokenHash: string): Promise<{ session: SessionRow; account: Account } | undefined> {
    const [row] = await queryTemplates.runPlannedOnce(this.db, 'sessions.findWithAccountByTokenHash', { tokenHash }, (v) =>
      this.db
        .selectFrom('sessions as s')
        .innerJoin('accounts as a', 'a.id', 's.account_id')
        .selectAll('a')
        .select(sessionColumns.map((column) => `s.${column} as session_${column}` as const))
        .where('s.token_hash', '=', v.tokenHash),
    );
    if (!row) return undefined;
    const session = {} as Record<string, unknown>;
    const account = { ...row } as Record<string, unknown>;
    for (const column of sessionColumns) {
      session[column] = row[`session_${column}`];
      delete account[`session_${column}`];
    }
    return { session: session as SessionRow, account: account as Account };
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
    now: number,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx.updateTable('sessions').set(next).where('id', '=', id).where('refresh_hash', '=', presentedRefreshHash).executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      // Remembered as spent: should it come back, it was copied.
      await trx.insertInto('spent_refresh_credentials').values({ refresh_hash: presentedRefreshHash, session_id: id, spent_at: now }).execute();
      return true;
    });
  }

  findSpent(refreshHash: string): Promise<{ session_id: string; spent_at: number } | undefined> {
    return this.db.selectFrom('spent_refresh_credentials').select(['session_id', 'spent_at']).where('refresh_hash', '=', refreshHash).executeTakeFirst();
  }

  /** The session a refresh credential belongs to (for ending it), whoever's it is. */
  findById(id: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async deleteSpentBefore(before: number): Promise<void> {
    await this.db.deleteFrom('spent_refresh_credentials').where('spent_at', '<', before).execute();
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
