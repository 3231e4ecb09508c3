import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export class CaptchasRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(id: string, answerHash: string, expiresAt: number): Promise<void> {
    await this.db.insertInto('captchas').values({ id, answer_hash: answerHash, expires_at: expiresAt }).execute();
  }

  /** Deletes and returns the captcha: every captcha answers exactly one check, right or wrong. */
  take(id: string): Promise<{ answer_hash: string; expires_at: number } | undefined> {
    return this.db.deleteFrom('captchas').where('id', '=', id).returning(['answer_hash', 'expires_at']).executeTakeFirst();
  }

  async deleteExpired(now: number): Promise<void> {
    await this.db.deleteFrom('captchas').where('expires_at', '<', now).execute();
  }
}
