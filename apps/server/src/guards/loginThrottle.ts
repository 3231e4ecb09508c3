import { Code } from '@facet/contracts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { CounterStore, Tally } from './counterStore.ts';

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

const loginThrottleRules: LoginThrottleRules = { freeFailures: 3, maxDelaySeconds: 900, accountCaptchaAfter: 20, windowSeconds: 3600 };

/**
 * Slows password guessing without locking the owner out. Wrong passwords count per login name
 * and address: after a few, that pair needs a captcha and waits a doubling delay between tries.
 * Across addresses they count per login name too, but there they only ever bring a captcha, never
 * a wait: someone guessing from many addresses cannot keep the owner out, who signs in from their
 * own address with the right password (and, at worst, a captcha).
 *
 * The tallies live in a CounterStore (the database): a restart hands a guesser no fresh tries.
 * A failure is forgotten a window after the last one (the count's expiry moves with each).
 */
export class LoginThrottle {
  constructor(
    private readonly store: CounterStore,
    private readonly clock: Clock,
    private readonly rules: LoginThrottleRules = loginThrottleRules,
  ) {}

  /** Before the password is checked: throws RATE_LIMITED while the pair must wait; says whether a captcha is needed. One read. */
  async before(login: string, ip: string): Promise<{ captcha: boolean }> {
    const now = this.clock.now();
    const tallies = await this.store.read([pairKey(login, ip), loginKey(login)], now);
    const pair = tallies.get(pairKey(login, ip));
    if (pair && pair.hits > this.rules.freeFailures) {
      const waitMs = Math.min(2 ** (pair.hits - this.rules.freeFailures - 1), this.rules.maxDelaySeconds) * 1000;
      const retryAt = pair.lastAt + waitMs;
      if (now < retryAt) throw new AppError(Code.RATE_LIMITED, { retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now) / 1000)) }, 429);
    }
    return { captcha: this.needsCaptcha(tallies, login, ip) };
  }

  /** A wrong password: counted for the pair and the login in one statement; the answer says whether the next try needs a captcha. */
  async failed(login: string, ip: string): Promise<{ captcha: boolean }> {
    const now = this.clock.now();
    const tallies = await this.store.add([pairKey(login, ip), loginKey(login)], 1, now, { ms: this.rules.windowSeconds * 1000, extend: true });
    return { captcha: this.needsCaptcha(tallies, login, ip) };
  }

  /** The right password from this address: its pair starts afresh (the others' count stays). */
  async succeeded(login: string, ip: string): Promise<void> {
    await this.store.remove(pairKey(login, ip));
  }

  private needsCaptcha(tallies: Map<string, Tally>, login: string, ip: string): boolean {
    const pair = tallies.get(pairKey(login, ip))?.hits ?? 0;
    const all = tallies.get(loginKey(login))?.hits ?? 0;
    return pair >= this.rules.freeFailures || all >= this.rules.accountCaptchaAfter;
  }
}

const pairKey = (login: string, ip: string) => `login-pair:${login}\n${ip}`;
const loginKey = (login: string) => `login:${login}`;
