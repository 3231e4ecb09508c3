import type { Insertable } from 'kysely';
import type { FeedbackTable } from '../db/schema.ts';
import type { Executor } from './executor.ts';

/** Feedback sent to the operator. */
export class FeedbackRepository {
  constructor(private readonly db: Executor) {}

  async insert(row: Insertable<FeedbackTable>): Promise<void> {
    await this.db.insertInto('feedback').values(row).execute();
  }

  /** Newest first, with the account's name, for the operator. */
  list(limit: number) {
    return this.db
      .selectFrom('feedback')
      .innerJoin('accounts', 'accounts.id', 'feedback.account_id')
      .select(['feedback.id', 'feedback.score', 'feedback.content', 'feedback.contacts', 'feedback.created_at', 'accounts.username', 'accounts.email'])
      .orderBy('feedback.created_at', 'desc')
      .limit(limit)
      .execute();
  }
}
