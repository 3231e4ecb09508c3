import { Code, validateEmail, validatePhone, type Language } from '@facet/contracts';
import type { Clock } from '../clock.ts';
import { uniqueViolationColumn } from '../repositories/uniqueViolation.ts';
import { AppError } from '../errors.ts';
import type { Account, AccountsRepository } from '../repositories/accounts.ts';
import type { VerificationCodeService } from './verificationCodeService.ts';

/**
 * Binding an e-mail address or a phone number to the signed-in account (spec §2, §4). An
 * e-mail gets a code by mail; the code is kept under the account and the address together, so
 * nobody else can bind with it. Phones would need an SMS provider: none is built in, so a phone
 * is checked for its form and then refused plainly, rather than pretending a code was sent.
 */
export class BindingService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly codes: VerificationCodeService,
    private readonly clock: Clock,
  ) {}

  async sendCode(actor: Account, type: string, target: string, language: Language, ip: string) {
    const email = this.email(type, target);
    await this.assertFree(actor, email);
    return this.codes.send('bind', codeAddress(actor, email), language, ip, true, email);
  }

  async bind(actor: Account, type: string, target: string, code: string): Promise<{ type: 'email'; account: string }> {
    const email = this.email(type, target);
    const codeId = await this.codes.check('bind', codeAddress(actor, email), code);
    await this.assertFree(actor, email);
    await this.codes.consume(codeId);
    try {
      await this.accounts.setEmail(actor.id, email, this.clock.now());
    } catch (error) {
      // Someone bound or registered the address between the check and now: the unique key decides.
      if (uniqueViolationColumn(error) === 'email') throw new AppError(Code.EMAIL_TAKEN);
      throw error;
    }
    return { type: 'email', account: email };
  }

  /** The address to bind, or the plain refusal for a phone. */
  private email(type: string, target: string): string {
    if (type !== 'email') {
      const problem = validatePhone(target);
      if (problem) throw new AppError(Code.INVALID_INPUT, { issues: [{ path: 'account', key: problem }] });
      throw new AppError(Code.SMS_UNAVAILABLE);
    }
    const problem = validateEmail(target);
    if (problem) throw new AppError(Code.INVALID_INPUT, { issues: [{ path: 'account', key: problem }] });
    return target.trim().toLowerCase();
  }

  private async assertFree(actor: Account, email: string): Promise<void> {
    const holder = await this.accounts.findByEmail(email);
    if (holder && holder.id !== actor.id) throw new AppError(Code.EMAIL_TAKEN);
  }
}

function codeAddress(actor: Account, email: string): string {
  return `${actor.id}|${email}`;
}
