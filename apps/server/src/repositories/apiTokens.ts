import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export class ApiTokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Revokes the account's current token and stores the new one, in one transaction. */
  async replaceForAccount(accountId: string, id: string, tokenHash: string, tokenSealed: string, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('api_tokens')
        .set({ revoked_at: now })
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null)
        .execute();
      await trx
        .insertInto('api_tokens')
        .values({ id, account_id: accountId, token_hash: tokenHash, token_sealed: tokenSealed, created_at: now, last_used_at: null, revoked_at: null })
        .execute();
    });
  }

  /** Ends the account's token (a password change: whoever had the old password may have it too). */
  async revokeForAccount(accountId: string, now: number): Promise<void> {
    await this.db.updateTable('api_tokens').set({ revoked_at: now }).where('account_id', '=', accountId).where('revoked_at', 'is', null).execute();
  }

  findActiveByHash(tokenHash: string): Promise<{ id: string; account_id: string } | undefined> {
    return this.db
      .selectFrom('api_tokens')
      .select(['id', 'account_id'])
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  findLiveForAccount(accountId: string): Promise<{ id: string; created_at: number; last_used_at: number | null; token_sealed: string | null } | undefined> {
    return this.db
      .selectFrom('api_tokens')
      .select(['id', 'created_at', 'last_used_at', 'token_sealed'])
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  async markUsed(id: string, now: number): Promise<void> {
    await this.db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
  }
}
