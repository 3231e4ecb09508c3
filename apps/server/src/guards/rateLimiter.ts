import { Code } from '@facet/contracts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { CounterStore, Tally } from './counterStore.ts';

interface LimitRule {
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters, kept in a CounterStore (the database), so a restart does not hand out
 * fresh tries and every server on the database counts together. Each check is one statement.
 */
export class RateLimiter {
  constructor(
    private readonly store: CounterStore,
    private readonly clock: Clock,
    private readonly rules: RateLimitRules = rateLimits,
  ) {}

  /** Counts one event for `subject` under the named rule; throws RATE_LIMITED (HTTP 429) past it. */
  async hit(rule: RateLimitName, subject: string): Promise<void> {
    const now = this.clock.now();
    // A refused event is counted too: in a fixed window that changes nothing (refused until
    // the window ends either way), and it keeps the check to one upsert.
    const tally = await this.add(rule, subject, 1, now);
    if (tally.hits > this.rules[rule].limit) refuse(tally, now);
  }

  /** Throws if `subject` is already at the rule's limit, without counting. */
  async assertUnder(rule: RateLimitName, subject: string): Promise<void> {
    const now = this.clock.now();
    const key = counterKey(rule, subject);
    const tally = (await this.store.read([key], now)).get(key);
    if (tally && tally.hits >= this.rules[rule].limit) refuse(tally, now);
  }

  /** Counts events without refusing them (the refusal comes at the next assertUnder). */
  async count(rule: RateLimitName, subject: string, events = 1): Promise<void> {
    await this.add(rule, subject, events, this.clock.now());
  }

  private async add(rule: RateLimitName, subject: string, events: number, now: number): Promise<Tally> {
    const key = counterKey(rule, subject);
    const added = await this.store.add([key], events, now, { ms: this.rules[rule].windowSeconds * 1000, extend: false });
    return added.get(key)!;
  }
}

const counterKey = (rule: RateLimitName, subject: string) => `limit:${rule}:${subject}`;

function refuse(window: Tally, now: number): never {
  throw new AppError(Code.RATE_LIMITED, { retryAfterSeconds: Math.max(1, Math.ceil((window.expiresAt - now) / 1000)) }, 429);
}

/** The limits we apply; tuned for people, far below what scripted abuse needs. */
export const rateLimits = {
  loginPerIp: { limit: 30, windowSeconds: 600 },
  loginFailuresPerAccount: { limit: 10, windowSeconds: 900 },
  codeSendPerIp: { limit: 10, windowSeconds: 3600 },
  codeSendPerAddress: { limit: 10, windowSeconds: 86_400 },
  captchaPerIp: { limit: 120, windowSeconds: 600 },
  refreshPerIp: { limit: 120, windowSeconds: 600 },
  codeCheckPerIp: { limit: 30, windowSeconds: 600 },
  feedbackPerAccount: { limit: 10, windowSeconds: 3600 },
  /** Names of accounts that do not exist, given to the share dialog (which must say so). */
  shareUnknownPerAccount: { limit: 20, windowSeconds: 3600 },
  /** Wrong host enrollment codes from one address (a code is 60 bits; this keeps guessing pointless and loud). */
  hostJoinFailuresPerIp: { limit: 20, windowSeconds: 3600 },
} satisfies Record<string, LimitRule>;

type RateLimitName = keyof typeof rateLimits;
export type RateLimitRules = Record<RateLimitName, LimitRule>;
