import { Code } from '@facet/contracts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';

export interface LimitRule {
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters in memory, per server process. Enough for one instance; a scaled-out
 * deployment would move these counters to Redis (docs/deployment.md).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly rules: RateLimitRules = rateLimits,
  ) {}

  /** Counts one event for `subject` under the named rule; throws RATE_LIMITED (HTTP 429) past it. */
  hit(rule: RateLimitName, subject: string): void {
    const retry = this.check(`${rule}:${subject}`, this.rules[rule], 1);
    if (retry !== null) throw new AppError(Code.RATE_LIMITED, { retryAfterSeconds: retry }, 429);
  }

  /** Throws if `subject` is already at the rule's limit, without counting. */
  assertUnder(rule: RateLimitName, subject: string): void {
    const retry = this.check(`${rule}:${subject}`, this.rules[rule], 0);
    if (retry !== null) throw new AppError(Code.RATE_LIMITED, { retryAfterSeconds: retry }, 429);
  }

  /** Counts one event without refusing it (the refusal comes at the next assertUnder). */
  count(rule: RateLimitName, subject: string): void {
    this.windowFor(`${rule}:${subject}`, this.rules[rule], this.clock.now()).count += 1;
  }

  reset(rule: RateLimitName, subject: string): void {
    this.windows.delete(`${rule}:${subject}`);
  }

  /** The subject's current window, a fresh one when the last has passed. */
  private windowFor(key: string, rule: LimitRule, now: number): { start: number; count: number } {
    let window = this.windows.get(key);
    if (!window || now - window.start >= rule.windowSeconds * 1000) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    return window;
  }

  private check(key: string, rule: LimitRule, add: number): number | null {
    const now = this.clock.now();
    const windowMs = rule.windowSeconds * 1000;
    const window = this.windowFor(key, rule, now);
    if (window.count + add > rule.limit || (add === 0 && window.count >= rule.limit)) {
      return Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
    }
    window.count += add;
    this.prune(now);
    return null;
  }

  private lastPrune = 0;
  private prune(now: number): void {
    if (now - this.lastPrune < 60_000) return;
    this.lastPrune = now;
    for (const [key, window] of this.windows) if (now - window.start > 24 * 3600_000) this.windows.delete(key);
  }
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
} satisfies Record<string, LimitRule>;

export type RateLimitName = keyof typeof rateLimits;
export type RateLimitRules = Record<RateLimitName, LimitRule>;
