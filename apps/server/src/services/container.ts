import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { PushHub } from '../realtime/pushHub.ts';
import { PendingPushesRepository } from '../repositories/pendingPushes.ts';
import { AccountsRepository } from '../repositories/accounts.ts';
import { ApiTokensRepository } from '../repositories/apiTokens.ts';
import { CaptchasRepository } from '../repositories/captchas.ts';
import { SessionsRepository } from '../repositories/sessions.ts';
import { VerificationCodesRepository } from '../repositories/verificationCodes.ts';
import { AccountService } from './accountService.ts';
import { ApiTokenService } from './apiTokenService.ts';
import { CaptchaService, type CaptchaGenerator } from './captchaService.ts';
import { RateLimiter, rateLimits, type RateLimitRules } from '../guards/rateLimiter.ts';
import { ReplayGuard } from '../guards/replayGuard.ts';
import { Idempotency } from '../guards/idempotency.ts';
import { IdempotencyKeysRepository } from '../repositories/idempotencyKeys.ts';
import type { CounterStore } from '../guards/counterStore.ts';
import type { SignatureStore } from '../guards/replayGuard.ts';
import type { JobLock } from '../guards/jobLock.ts';
import { databaseSharedState } from '../sharedState/openSharedState.ts';
import type { SharedState } from '../sharedState/sharedState.ts';
import type { SessionCache } from './sessionCache.ts';
import { SessionService, type SessionLifetimes } from './sessionService.ts';
import { VerificationCodeService } from './verificationCodeService.ts';
import { GroupService } from './groupService.ts';
import { TagService } from './tagService.ts';
import { ProfileFileService } from './profileFileService.ts';
import { SavedProxyService } from './savedProxyService.ts';
import { ProfileService } from './profileService.ts';
import { LaunchGrants } from './launchGrant.ts';
import { RecycleService } from './recycleService.ts';
import { SharingService } from './sharingService.ts';
import { SubAccountService } from './subAccountService.ts';
import { KeyRotation } from './keyRotation.ts';
import type { SecretKeys } from '../crypto/secretKeys.ts';
import { FingerprintPool } from '../fingerprints/fingerprintPool.ts';
import { OperatorProvider } from '../payments/operatorProvider.ts';
import type { PaymentProvider } from '../payments/paymentProvider.ts';
import { CryptoProvider } from '../payments/cryptoProvider.ts';
import { StripeProvider } from '../payments/stripeProvider.ts';
import { PaymentService } from './paymentService.ts';
import { GraphicsReportsRepository } from '../repositories/graphicsReports.ts';
import { OrdersRepository } from '../repositories/orders.ts';
import { PlansRepository } from '../repositories/plans.ts';
import { PlanAllowance, type FreeAllowance } from './planAllowance.ts';
import { OperationLog } from './operationLog.ts';
import { BindingService } from './bindingService.ts';
import { FeedbackService } from './feedbackService.ts';
import { LoginThrottle, type LoginThrottleRules } from '../guards/loginThrottle.ts';
import { AccountSettingsService } from './accountSettingsService.ts';
import { ReferralRewards } from './referralRewards.ts';
import { RewardService } from './rewardService.ts';
import type { CoinId, PaymentMethod } from '@facet/contracts';
import type { BlobStore } from '../storage/blobStore.ts';
import { PluginService } from './pluginService.ts';
import { pluginUsage } from './pluginUsage.ts';
import { StorageQuota } from './storageQuota.ts';
import { LeaseService } from './leaseService.ts';
import { RelayService } from './relayService.ts';
import { RelayPasses } from '../relay/relayPasses.ts';
import type { RelaySettings } from '../config.ts';
import { SyncService } from './syncService.ts';
import { syncUsage } from './syncUsage.ts';
import { PluginAssignmentService } from './pluginAssignmentService.ts';

/** Every service, wired once; routes, the CLI and jobs take what they need from here. */
export interface Services {
  clock: Clock;
  limiter: RateLimiter;
  replayGuard: ReplayGuard;
  /** Calls sent with an Idempotency-Key run once; repeats get the kept answer. */
  idempotency: Idempotency;
  push: PushHub;
  sessions: SessionService;
  accounts: AccountService;
  captchas: CaptchaService;
  apiTokens: ApiTokenService;
  profiles: ProfileService;
  fingerprints: FingerprintPool;
  groups: GroupService;
  tags: TagService;
  profileFiles: ProfileFileService;
  savedProxies: SavedProxyService;
  recycle: RecycleService;
  sharing: SharingService;
  subAccounts: SubAccountService;
  allowance: PlanAllowance;
  feedback: FeedbackService;
  binding: BindingService;
  rewards: RewardService;
  settings: AccountSettingsService;
  operationLog: OperationLog;
  payments: PaymentService;
  /** Plugin zips and profile state: the data folder, or S3 with FACET_S3_URL (storage/openBlobStore.ts). */
  blobs: BlobStore;
  /** Each team's storage against its plan; register further usage sources with `storage.register`. */
  storage: StorageQuota;
  leases: LeaseService;
  /** Whether a recipient's one-start relay credential still stands, and where it leads (relay/proxyRelay.ts). */
  relay: RelayService;
  sync: SyncService;
  /** The plugin centre's catalogue (upload, list, edit, remove) and its pins (who loads what). */
  plugins: PluginService;
  pluginAssignments: PluginAssignmentService;
  /** Keeps a job (housekeeping) from running on two instances at once. */
  jobLock: JobLock;
  /** Present when Stripe is configured: the webhook route needs its verifier. */
  stripe: StripeProvider | null;
  /** `admin rotate-keys`: new account keys, every secret sealed again, a new master key. */
  keyRotation: KeyRotation;
  repositories: {
    accounts: AccountsRepository;
    captchas: CaptchasRepository;
    codes: VerificationCodesRepository;
    plans: PlansRepository;
    orders: OrdersRepository;
    /** webgl/set_data reports (no rules beyond the contract's: stored as sent). */
    graphics: GraphicsReportsRepository;
    /**
     * The stores behind the limiter, the login throttle, the replay guard and idempotency
     * (housekeeping prunes them): the database's, or Redis's for the first two with REDIS_URL.
     */
    counters: CounterStore;
    seenSignatures: SignatureStore;
    idempotencyKeys: IdempotencyKeysRepository;
    /** Pushes an operator command left for the server to deliver (jobs/pendingPushes.ts). */
    pendingPushes: PendingPushesRepository;
  };
}

export interface PaymentSetup {
  freeAllowance: FreeAllowance;
  orderLifetimeMs: number;
  referralDays: number;
  paymentMethods: PaymentMethod[];
  stripe: { secretKey: string; webhookSecret: string } | null;
  cryptoWallets: Partial<Record<CoinId, string>>;
}

export function createServices(db: Kysely<Database>, deps: { payments: PaymentSetup; blobs: BlobStore; clock: Clock; mailer: Mailer; keys: SecretKeys; recycleRetentionDays: number; fingerprintPoolSize: number; lifetimes: SessionLifetimes; log: FastifyBaseLogger; captchaGenerator?: CaptchaGenerator; rateLimits?: Partial<RateLimitRules>; loginThrottle?: LoginThrottleRules; shared?: Pick<SharedState, 'counters' | 'signatures' | 'jobLock'>; sessionCache?: SessionCache | null; relay?: RelaySettings | null }): Services {
  const { clock } = deps;
  const accountsRepo = new AccountsRepository(db);
  const apiTokensRepo = new ApiTokensRepository(db);
  const sessionsRepo = new SessionsRepository(db);
  const captchasRepo = new CaptchasRepository(db);
  const codesRepo = new VerificationCodesRepository(db);
  // The server passes what openSharedState chose; operator commands use the database's.
  const { counters, signatures: seenSignatures, jobLock } = deps.shared ?? databaseSharedState(db);
  const idempotencyKeys = new IdempotencyKeysRepository(db);
  const limiter = new RateLimiter(counters, clock, { ...rateLimits, ...deps.rateLimits });
  const pendingPushes = new PendingPushesRepository(db);
  const push = new PushHub(
    async (token) => {
      const found = await sessions.authenticate(token);
      return found ? { accountId: found.account.id, sessionId: found.session.id, expiresAt: found.session.expires_at } : null;
    },
    deps.log,
    clock.now,
    pendingPushes,
  );
  const sessions: SessionService = new SessionService(sessionsRepo, accountsRepo, push, deps.lifetimes, clock, deps.sessionCache ?? null);
  const fingerprints = new FingerprintPool(deps.fingerprintPoolSize, deps.log);
  const captchas = new CaptchaService(captchasRepo, clock, deps.captchaGenerator);
  const codes = new VerificationCodeService(codesRepo, deps.mailer, limiter, clock);
  const allowance = new PlanAllowance(db, deps.payments.freeAllowance, clock);
  const operationLog = new OperationLog(db, clock);
  const referralRewards = new ReferralRewards(deps.payments.referralDays, operationLog, clock);
  const stripe = deps.payments.stripe ? new StripeProvider(deps.payments.stripe) : null;
  const { blobs } = deps;
  const storage = new StorageQuota(db, accountsRepo, allowance, clock);
  storage.register(pluginUsage());
  storage.register(syncUsage());
  const plugins = new PluginService(db, blobs, storage, operationLog, clock);
  const leases = new LeaseService(db, clock, allowance, push, operationLog);
  const sync = new SyncService(db, blobs, leases, deps.keys.box, storage, push, clock);
  // Operator commands start no relay (deps.relay unset): they launch nothing.
  const relay = new RelayService(db, accountsRepo, deps.keys.box, new RelayPasses(deps.keys.master), clock, deps.relay ?? null);
  const profiles = new ProfileService(db, accountsRepo, deps.keys.box, push, fingerprints, allowance, operationLog, clock, new LaunchGrants(deps.keys.master, clock), leases, sync, relay);
  const providers = deps.payments.paymentMethods.map((method): PaymentProvider =>
    method === 'stripe' && stripe ? stripe : method === 'crypto' ? new CryptoProvider(deps.payments.cryptoWallets, new OrdersRepository(db)) : new OperatorProvider(),
  );
  return {
    clock,
    limiter,
    replayGuard: new ReplayGuard(seenSignatures, clock),
    idempotency: new Idempotency(idempotencyKeys, deps.keys.master, clock),
    push,
    sessions,
    accounts: new AccountService(accountsRepo, sessions, captchas, codes, limiter, clock, new LoginThrottle(counters, clock, deps.loginThrottle), apiTokensRepo, allowance),
    captchas,
    apiTokens: new ApiTokenService(apiTokensRepo, accountsRepo, clock, limiter, deps.keys.box),
    profiles,
    profileFiles: new ProfileFileService(db, profiles, fingerprints, deps.keys.box, clock, operationLog),
    savedProxies: new SavedProxyService(db, deps.keys.box, allowance, clock),
    fingerprints,
    groups: new GroupService(db, operationLog, clock),
    tags: new TagService(db, clock, operationLog),
    recycle: new RecycleService(db, allowance, operationLog, clock, deps.recycleRetentionDays, (ids) => sync.forget(ids)),
    sharing: new SharingService(db, accountsRepo, allowance, limiter, operationLog, clock, deps.keys.box, leases),
    subAccounts: new SubAccountService(db, accountsRepo, sessions, push, limiter, allowance, operationLog, clock, leases),
    operationLog,
    allowance,
    feedback: new FeedbackService(db, limiter, clock),
    binding: new BindingService(accountsRepo, codes, clock),
    rewards: new RewardService(db, referralRewards),
    settings: new AccountSettingsService(db, operationLog, clock),
    payments: new PaymentService(db, allowance, storage, push, clock, providers, deps.payments.orderLifetimeMs, operationLog, referralRewards, deps.log),
    blobs,
    storage,
    leases,
    relay,
    sync,
    plugins,
    pluginAssignments: new PluginAssignmentService(db, plugins, accountsRepo, blobs, operationLog, clock),
    jobLock,
    stripe,
    keyRotation: new KeyRotation(db, deps.keys, deps.log),
    repositories: { accounts: accountsRepo, captchas: captchasRepo, codes: codesRepo, plans: new PlansRepository(db), orders: new OrdersRepository(db), graphics: new GraphicsReportsRepository(db), counters, seenSignatures, idempotencyKeys, pendingPushes },
  };
}
