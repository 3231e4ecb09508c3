import type { Store } from '../repositories/store.ts';
import type { Clock } from '../clock.ts';
import type { Account } from '../repositories/accounts.ts';
import { newId } from '../security/tokens.ts';
import type { RateLimiter } from '../guards/rateLimiter.ts';

interface FeedbackInput {
  score: number;
  content: string;
  mobile?: string | undefined;
  wechat?: string | undefined;
  skype?: string | undefined;
}

/** Feedback goes to the operator (`admin feedback list`); a few per hour per account. */
export class FeedbackService {
  constructor(
    private readonly store: Store,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
  ) {}

  async send(actor: Account, input: FeedbackInput): Promise<string> {
    await this.limiter.hit('feedbackPerAccount', actor.id);
    const contacts = Object.fromEntries(Object.entries({ mobile: input.mobile, wechat: input.wechat, skype: input.skype }).filter(([, v]) => v));
    const id = newId('fb');
    await this.store.feedback.insert({ id, account_id: actor.id, score: input.score, content: input.content, contacts: JSON.stringify(contacts), created_at: this.clock.now() });
    return id;
  }

  /** Newest first, with the account's name, for the operator. */
  list(limit: number) {
    return this.store.feedback.list(limit);
  }
}
