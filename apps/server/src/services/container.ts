import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { PushHub } from '../realtime/pushHub.ts';
import { AccountsRepository } from '../repositories/accounts.ts';
import { ApiTokensRepository } from '../repositories/apiTokens.ts';
import { CaptchasRepository } from '../repositories/captchas.ts';
import { SessionsRepository } from '../repositories/sessions.ts';
import { VerificationCodesRepository } from '../repositories/verificationCodes.ts';
import { AccountService } from './accountService.ts';
import { ApiTokenService } from './apiTokenService.ts';
import { CaptchaService, type CaptchaGenerator } from './captchaService.ts';
import { RateLimiter, rateLimits, type RateLimitRules } from './rateLimiter.ts';
import { ReplayGuard } from './replayGuard.ts';
import { SessionService, type SessionLifetimes } from './sessionService.ts';
import { VerificationCodeService } from './verificationCodeService.ts';
import { GroupService } from './groupService.ts';
import { ProfileService } from './profileService.ts';
import { RecycleService } from './recycleService.ts';
import { SharingService } from './sharingService.ts';
import type { DataCipher } from '../security/dataCipher.ts';
import { FingerprintPool } from '../fingerprints/fingerprintPool.ts';

/** Every service, wired once; routes, the CLI and jobs take what they need from here. */
export interface Services {
  clock: Clock;
  limiter: RateLimiter;
  replayGuard: ReplayGuard;
  push: PushHub;
  sessions: SessionService;
  accounts: AccountService;
  captchas: CaptchaService;
  apiTokens: ApiTokenService;
  profiles: ProfileService;
  fingerprints: FingerprintPool;
  groups: GroupService;
  recycle: RecycleService;
  sharing: SharingService;
  repositories: {
    accounts: AccountsRepository;
    captchas: CaptchasRepository;
    codes: VerificationCodesRepository;
  };
}

export function createServices(db: Kysely<Database>, deps: { clock: Clock; mailer: Mailer; cipher: DataCipher; recycleRetentionDays: number; fingerprintPoolSize: number; lifetimes: SessionLifetimes; log: FastifyBaseLogger; captchaGenerator?: CaptchaGenerator; rateLimits?: Partial<RateLimitRules> }): Services {
  const { clock } = deps;
  const accountsRepo = new AccountsRepository(db);
  const sessionsRepo = new SessionsRepository(db);
  const captchasRepo = new CaptchasRepository(db);
  const codesRepo = new VerificationCodesRepository(db);
  const limiter = new RateLimiter(clock, { ...rateLimits, ...deps.rateLimits });
  const push = new PushHub(async (token) => {
    const found = await sessions.authenticate(token);
    return found ? { accountId: found.account.id, sessionId: found.session.id } : null;
  }, deps.log);
  const sessions: SessionService = new SessionService(sessionsRepo, accountsRepo, push, deps.lifetimes, clock);
  const fingerprints = new FingerprintPool(deps.fingerprintPoolSize, deps.log);
  const captchas = new CaptchaService(captchasRepo, clock, deps.captchaGenerator);
  const codes = new VerificationCodeService(codesRepo, deps.mailer, limiter, clock);
  return {
    clock,
    limiter,
    replayGuard: new ReplayGuard(clock),
    push,
    sessions,
    accounts: new AccountService(accountsRepo, sessions, captchas, codes, limiter, clock),
    captchas,
    apiTokens: new ApiTokenService(new ApiTokensRepository(db), accountsRepo, clock),
    profiles: new ProfileService(db, accountsRepo, deps.cipher, push, fingerprints, clock),
    fingerprints,
    groups: new GroupService(db, clock),
    recycle: new RecycleService(db, clock, deps.recycleRetentionDays),
    sharing: new SharingService(db, accountsRepo, clock),
    repositories: { accounts: accountsRepo, captchas: captchasRepo, codes: codesRepo },
  };
}
