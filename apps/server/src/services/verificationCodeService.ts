import { timingSafeEqual } from 'node:crypto';
import { Code, limits, type Language } from '@facet/contracts';
import { translate } from '@facet/i18n';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { CodePurpose, VerificationCodesRepository } from '../repositories/verificationCodes.ts';
import { hashToken, newId, newNumericCode } from '../security/tokens.ts';
import type { RateLimiter } from '../guards/rateLimiter.ts';

/**
 * E-mail verification codes (sign-up, password reset, binding an address): 6 digits, 10 minutes, 5 tries, one send per 60 s per address.
 * Codes are stored hashed; a new code voids the previous one.
 */
export class VerificationCodeService {
  constructor(
    private readonly codes: VerificationCodesRepository,
    private readonly mailer: Mailer,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
  ) {}

  /**
   * `deliver` false records a code that is never mailed: the reset form uses it for addresses
   * without an account, so its answers and timing match those of real ones.
   */
  async send(
    purpose: CodePurpose,
    address: string,
    language: Language,
    ip: string,
    deliver: boolean,
    /** Where the mail goes when `address` is not itself an address (bind codes). */
    mailTo: string = address,
  ): Promise<{ resendAfterSeconds: number; expiresInSeconds: number }> {
    const now = this.clock.now();
    const previous = await this.codes.latest(purpose, address);
    if (previous) {
      const waitMs = previous.created_at + limits.codeResendSeconds * 1000 - now;
      if (waitMs > 0) throw new AppError(Code.CODE_SENT_TOO_RECENTLY, { retryAfterSeconds: Math.ceil(waitMs / 1000) });
    }
    await this.limiter.hit('codeSendPerIp', ip);
    await this.limiter.hit('codeSendPerAddress', address);

    const code = newNumericCode(limits.emailCodeLength);
    const id = newId('vc');
    await this.codes.replace({
      id,
      purpose,
      address,
      code_hash: this.hash(id, code),
      attempts: 0,
      expires_at: now + limits.emailCodeLifetimeSeconds * 1000,
      created_at: now,
      consumed_at: null,
    });
    const subjectKey = purpose === 'register' ? 'mail.registerSubject' : purpose === 'bind' ? 'mail.bindSubject' : 'mail.resetSubject';
    const minutes = limits.emailCodeLifetimeSeconds / 60;
    if (!deliver) return { resendAfterSeconds: limits.codeResendSeconds, expiresInSeconds: limits.emailCodeLifetimeSeconds };
    try {
      await this.mailer.send({
        to: mailTo,
        subject: translate(language.tag, subjectKey),
        text: `${translate(language.tag, 'mail.codeBody', { code, minutes })}\n\n— ${translate(language.tag, 'mail.signature')}`,
      });
    } catch (cause) {
      // Nothing was delivered, so nothing should block a retry: forget the code.
      await this.codes.delete(id);
      throw new AppError(Code.MAIL_NOT_SENT, null, 200, { cause });
    }
    return { resendAfterSeconds: limits.codeResendSeconds, expiresInSeconds: limits.emailCodeLifetimeSeconds };
  }

  /**
   * Checks the code without using it up: callers check, do their other checks, and only then
   * `consume`, so a taken username does not cost the person their code.
   */
  async check(purpose: CodePurpose, address: string, code: string): Promise<string> {
    const row = await this.codes.latest(purpose, address);
    const now = this.clock.now();
    if (!row || row.consumed_at !== null || row.expires_at < now) throw new AppError(Code.CODE_EXPIRED);
    if (row.attempts >= limits.emailCodeMaxTries) throw new AppError(Code.CODE_TOO_MANY_TRIES);
    if (!this.matches(row.code_hash, this.hash(row.id, code))) {
      const attempts = await this.codes.addAttempt(row.id);
      throw new AppError(attempts >= limits.emailCodeMaxTries ? Code.CODE_TOO_MANY_TRIES : Code.CODE_WRONG);
    }
    return row.id;
  }

  /** Uses the code up; throws CODE_EXPIRED when a parallel request used it first. */
  async consume(id: string): Promise<void> {
    if (!(await this.codes.consume(id, this.clock.now(), limits.emailCodeMaxTries))) throw new AppError(Code.CODE_EXPIRED);
  }

  private hash(id: string, code: string): string {
    return hashToken(`${id}:${code.trim()}`);
  }

  private matches(a: string, b: string): boolean {
    return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  }
}
