import { Code, UNBOUND, type Language, type Member, type SessionGrant } from '@facet/contracts';
import type { Clock } from '../clock.ts';
import { uniqueViolationColumn } from '../repositories/uniqueViolation.ts';
import { AppError } from '../errors.ts';
import { newAccountRow, type Account, type AccountsRepository } from '../repositories/accounts.ts';
import type { ApiTokensRepository } from '../repositories/apiTokens.ts';
import { decoyHash, hashPassword, verifyPassword } from '../security/passwords.ts';
import { newId, newInvitationCode } from '../security/tokens.ts';
import type { CaptchaService } from './captchaService.ts';
import { confirmPassword } from './passwordConfirmation.ts';
import type { LoginThrottle } from '../guards/loginThrottle.ts';
import type { PlanAllowance } from './planAllowance.ts';
import type { RateLimiter } from '../guards/rateLimiter.ts';
import type { SessionOrigin, SessionService } from './sessionService.ts';
import type { VerificationCodeService } from './verificationCodeService.ts';

interface RegisterInput {
  email: string;
  username: string;
  password: string;
  code: string;
  invitationCode?: string | undefined;
  agreement: boolean;
}

/** Sign-up, sign-in, password changes and the member view. */
export class AccountService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly sessions: SessionService,
    private readonly captchas: CaptchaService,
    private readonly codes: VerificationCodeService,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly throttle: LoginThrottle,
    /** A new password ends the API token too: whoever knew the old one may hold it. */
    private readonly apiTokens: ApiTokensRepository,
    private readonly allowance: Pick<PlanAllowance, 'restricts'>,
  ) {}

  async sendRegisterCode(email: string, captchaId: string, captcha: string, language: Language, ip: string) {
    await this.captchas.verify(captchaId, captcha);
    if (await this.accounts.findByEmail(email)) throw new AppError(Code.EMAIL_TAKEN);
    return this.codes.send('register', email, language, ip, true);
  }

  async register(input: RegisterInput, origin: SessionOrigin): Promise<SessionGrant> {
    if (!input.agreement) throw new AppError(Code.AGREEMENT_REQUIRED);
    await this.limiter.hit('codeCheckPerIp', origin.ip);
    // Cheap refusals first, so they do not cost the person a code try.
    if (await this.accounts.findByEmail(input.email)) throw new AppError(Code.EMAIL_TAKEN);
    if (await this.accounts.isUsernameTaken(input.username)) throw new AppError(Code.USERNAME_TAKEN);
    let inviter: Account | undefined;
    if (input.invitationCode) {
      inviter = await this.accounts.findByInvitationCode(input.invitationCode);
      if (!inviter) throw new AppError(Code.INVITATION_CODE_INVALID);
    }
    const codeId = await this.codes.check('register', input.email, input.code);
    const passwordHash = await hashPassword(input.password);
    await this.codes.consume(codeId);
    const now = this.clock.now();
    const account = this.newMainAccount({ email: input.email, username: input.username, passwordHash, now, invitedBy: inviter?.id ?? null });
    await this.insertAccount(account);
    return this.sessions.create(account.id, origin);
  }

  /** Operator path (CLI): a verified main account without the e-mail round trip. */
  async createVerifiedMain(email: string, password: string, username?: string): Promise<Account> {
    if (await this.accounts.findByEmail(email)) throw new AppError(Code.EMAIL_TAKEN);
    const name = username ?? (await this.freeUsernameFor(email));
    if (await this.accounts.isUsernameTaken(name)) throw new AppError(Code.USERNAME_TAKEN);
    const account = this.newMainAccount({ email, username: name, passwordHash: await hashPassword(password), now: this.clock.now(), invitedBy: null });
    await this.insertAccount(account);
    return account;
  }

  async login(login: string, password: string, origin: SessionOrigin, captcha?: { captchaId?: string | undefined; captcha?: string | undefined }): Promise<SessionGrant> {
    const key = login.toLowerCase();
    await this.limiter.hit('loginPerIp', origin.ip);
    if ((await this.throttle.before(key, origin.ip)).captcha) {
      if (!captcha?.captchaId || !captcha.captcha) throw new AppError(Code.CAPTCHA_REQUIRED);
      // A wrong captcha tells nothing of the password: not counted as a wrong password.
      await this.captchas.verify(captcha.captchaId, captcha.captcha);
    }
    const account = await this.accounts.findByLogin(login);
    const ok = await verifyPassword(account?.password_hash ?? (await decoyHash()), password);
    if (!account || !ok) {
      const next = await this.throttle.failed(key, origin.ip);
      throw new AppError(Code.WRONG_CREDENTIALS, { captcha: next.captcha });
    }
    if (account.status !== 'active') throw new AppError(Code.ACCOUNT_DISABLED);
    await this.throttle.succeeded(key, origin.ip);
    await this.accounts.markLogin(account.id, this.clock.now());
    return this.sessions.create(account.id, origin);
  }

  /** Changes the password and ends every session of the account (887 to open consoles). */
  async changePassword(account: Account, oldPassword: string, newPassword: string): Promise<void> {
    await confirmPassword(this.limiter, account, oldPassword);
    if (oldPassword === newPassword) throw new AppError(Code.PASSWORD_UNCHANGED);
    await this.accounts.setPasswordHash(account.id, await hashPassword(newPassword), this.clock.now());
    await this.sessions.endAll(account.id);
    await this.apiTokens.revokeForAccount(account.id, this.clock.now());
  }

  /**
   * Answers the same whether or not the address has an account, and keeps the same 60 s rhythm
   * either way, so the form cannot be used to find out who is registered.
   */
  async sendResetCode(email: string, captchaId: string, captcha: string, language: Language, ip: string) {
    await this.captchas.verify(captchaId, captcha);
    const account = await this.accounts.findByEmail(email);
    return this.codes.send('reset', email, language, ip, account !== undefined && account.status === 'active');
  }

  async resetPassword(email: string, code: string, password: string, ip: string): Promise<void> {
    await this.limiter.hit('codeCheckPerIp', ip);
    const codeId = await this.codes.check('reset', email, code);
    const account = await this.accounts.findByEmail(email);
    if (!account) throw new AppError(Code.CODE_EXPIRED);
    const passwordHash = await hashPassword(password);
    await this.codes.consume(codeId);
    await this.accounts.setPasswordHash(account.id, passwordHash, this.clock.now());
    await this.sessions.endAll(account.id);
    await this.apiTokens.revokeForAccount(account.id, this.clock.now());
  }

  async member(account: Account): Promise<Member> {
    // A sub-account lives on its main account's plan.
    const planHolder = account.type === 'sub' && account.parent_id ? await this.accounts.findById(account.parent_id) : account;
    const expiresAt = planHolder?.plan_expires_at ?? null;
    return {
      id: account.id,
      name: account.username,
      email: account.email ?? UNBOUND,
      phone: account.phone ?? UNBOUND,
      type: account.type,
      subscription: { isNew: expiresAt === null, expired: expiresAt !== null && expiresAt <= this.clock.now(), restricted: await this.allowance.restricts(account), expiresAt },
      invitationCode: account.type === 'main' ? account.invitation_code : null,
      createdAt: account.created_at,
    };
  }

  private newMainAccount(input: { email: string; username: string; passwordHash: string; now: number; invitedBy: string | null }): Account {
    return newAccountRow({ id: newId('acc'), type: 'main', email: input.email, emailVerifiedAt: input.now, username: input.username, passwordHash: input.passwordHash, invitationCode: newInvitationCode(), invitedBy: input.invitedBy, now: input.now });
  }

  private async insertAccount(account: Account): Promise<void> {
    try {
      await this.accounts.insert(account);
    } catch (error) {
      const column = uniqueViolationColumn(error);
      if (column === 'email') throw new AppError(Code.EMAIL_TAKEN);
      if (column === 'username_key') throw new AppError(Code.USERNAME_TAKEN);
      throw error;
    }
  }

  /** The local part of the address, made valid and unique, for CLI-created accounts. */
  private async freeUsernameFor(email: string): Promise<string> {
    const base = (email.split('@')[0] ?? 'user').replace(/[^\p{L}\p{N}_.-]/gu, '').slice(0, 16).padEnd(4, '0');
    for (let n = 0; ; n++) {
      const candidate = n === 0 ? base : `${base.slice(0, 16)}${n}`;
      if (!(await this.accounts.isUsernameTaken(candidate))) return candidate;
    }
  }
}
