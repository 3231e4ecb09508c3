import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import type { Account } from '../repositories/accounts.ts';
import { newId } from '../security/tokens.ts';
import type { RateLimiter } from '../guards/rateLimiter.ts';

export interface FeedbackInput {
  score: number;
  content: string;
  mobile?: string | undefined;
  wechat?: string | undefined;
  skype?: string | undefined;
}

/** Feedback goes to the operator (`admin feedback list`); a few per hour per account. */
export class FeedbackService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
  ) {}

  async send(actor: Account, input: FeedbackInput): Promise<string> {
    await this.limiter.hit('feedbackPerAccount', actor.id);
    const contacts = Object.fromEntries(Object.entries({ mobile: input.mobile, wechat: input.wechat, skype: input.skype }).filter(([, v]) => v));
    const id = newId('fb');
    await this.db.insertInto('feedback').values({ id, account_id: actor.id, score: input.score, content: input.content, contacts: JSON.stringify(contacts), created_at: this.clock.now() }).execute();
    return id;
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
