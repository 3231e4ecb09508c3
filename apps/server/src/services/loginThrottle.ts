import { Code } from '@facet/contracts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';

export interface LoginThrottleRules {
  /** Wrong passwords a (login, address) pair may send before it needs a captcha and waits. */
  freeFailures: number;
  /** The longest wait between two tries of one pair, in seconds (the waits double up to it). */
  maxDelaySeconds: number;
  /** Wrong passwords for one login, from every address, after which every try needs a captcha. */
  accountCaptchaAfter: number;
  /** How long a failure is remembered, in seconds. */
  windowSeconds: number;
}

export const loginThrottleRules: LoginThrottleRules = { freeFailures: 3, maxDelaySeconds: 900, accountCaptchaAfter: 20, windowSeconds: 3600 };

interface Tally {
  failures: number;
  last: number;
  since: number;
}

/**
 * Slows password guessing without locking the owner out. Wrong passwords count per login name
 * and address: after a few, that pair needs a captcha and waits a doubling delay between tries.
 * Across addresses they count per login name too, but there they only ever bring a captcha, never
 * a wait: someone guessing from many addresses cannot keep the owner out, who signs in from their
 * own address with the right password (and, at worst, a captcha).
 */
export class LoginThrottle {
  private readonly pairs = new Map<string, Tally>();
  private readonly logins = new Map<string, Tally>();

  constructor(
    private readonly clock: Clock,
    private readonly rules: LoginThrottleRules = loginThrottleRules,
  ) {}

  /** Before the password is checked: throws RATE_LIMITED while the pair must wait; says whether a captcha is needed. */
  before(login: string, ip: string): { captcha: boolean } {
    const now = this.clock.now();
    const pair = this.current(this.pairs, `${login}\n${ip}`, now);
    if (pair && pair.failures > this.rules.freeFailures) {
      const waitMs = Math.min(2 ** (pair.failures - this.rules.freeFailures - 1), this.rules.maxDelaySeconds) * 1000;
      const retryAt = pair.last + waitMs;
      if (now < retryAt) throw new AppError(Code.RATE_LIMITED, { retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now) / 1000)) }, 429);
    }
    return { captcha: this.needsCaptcha(login, ip, now) };
  }

  /** A wrong password: counted; the answer says whether the next try needs a captcha. */
  failed(login: string, ip: string): { captcha: boolean } {
    const now = this.clock.now();
    for (const [map, key] of [
      [this.pairs, `${login}\n${ip}`],
      [this.logins, login],
    ] as const) {
      const tally = this.current(map, key, now) ?? { failures: 0, last: now, since: now };
      tally.failures += 1;
      tally.last = now;
      map.set(key, tally);
    }
    this.prune(now);
    return { captcha: this.needsCaptcha(login, ip, now) };
  }

  /** The right password from this address: its pair starts afresh (the others' count stays). */
  succeeded(login: string, ip: string): void {
    this.pairs.delete(`${login}\n${ip}`);
  }

  private needsCaptcha(login: string, ip: string, now: number): boolean {
    const pair = this.current(this.pairs, `${login}\n${ip}`, now);
    const all = this.current(this.logins, login, now);
    return (pair?.failures ?? 0) >= this.rules.freeFailures || (all?.failures ?? 0) >= this.rules.accountCaptchaAfter;
  }

  /** The tally if it is still remembered (a failure is forgotten a window after the last one). */
  private current(map: Map<string, Tally>, key: string, now: number): Tally | undefined {
    const tally = map.get(key);
    if (tally && now - tally.last >= this.rules.windowSeconds * 1000) {
      map.delete(key);
      return undefined;
    }
    return tally;
  }

  private lastPrune = 0;
  private prune(now: number): void {
    if (now - this.lastPrune < 60_000) return;
    this.lastPrune = now;
    for (const map of [this.pairs, this.logins]) for (const [key] of map) this.current(map, key, now);
  }
}
