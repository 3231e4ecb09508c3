import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Store } from '../repositories/store.ts';
import type { PendingPushesRepository } from '../repositories/pendingPushes.ts';
import type { Mailer } from '../mail/mailer.ts';
import { PushHub } from '../realtime/pushHub.ts';
import type { AccountsRepository } from '../repositories/accounts.ts';
import type { CaptchasRepository } from '../repositories/captchas.ts';
import type { VerificationCodesRepository } from '../repositories/verificationCodes.ts';
import { AccountService } from './accountService.ts';
import { ApiTokenService } from './apiTokenService.ts';
import { CaptchaService, type CaptchaGenerator } from './captchaService.ts';
import { RateLimiter, rateLimits, type RateLimitRules } from '../guards/rateLimiter.ts';
import { ReplayGuard } from '../guards/replayGuard.ts';
import { Idempotency } from '../guards/idempotency.ts';
import type { IdempotencyKeysRepository } from '../repositories/idempotencyKeys.ts';
import type { CounterStore } from '../guards/counterStore.ts';
import type { SignatureStore } from '../guards/replayGuard.ts';
import type { JobLock } from '../guards/jobLock.ts';
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
import type { GraphicsReportsRepository } from '../repositories/graphicsReports.ts';
import type { OrdersRepository } from '../repositories/orders.ts';
import type { PlansRepository } from '../repositories/plans.ts';
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
import { HostService } from './hostService.ts';
import { RemoteRunService } from './remoteRunService.ts';

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
  /** The team's hosts: enrollment, their tokens, their load. */
  hosts: HostService;
  /** Profiles run on hosts for remote use, their viewers and who controls. */
  remoteRuns: RemoteRunService;
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

interface PaymentSetup {
  freeAllowance: FreeAllowance;
  orderLifetimeMs: number;
  referralDays: number;
  paymentMethods: PaymentMethod[];
  stripe: { secretKey: string; webhookSecret: string } | null;
  cryptoWallets: Partial<Record<CoinId, string>>;
}

export function createServices(store: Store, deps: { payments: PaymentSetup; blobs: BlobStore; clock: Clock; mailer: Mailer; keys: SecretKeys; recycleRetentionDays: number; fingerprintPoolSize: number; lifetimes: SessionLifetimes; log: FastifyBaseLogger; captchaGenerator?: CaptchaGenerator; rateLimits?: Partial<RateLimitRules>; loginThrottle?: LoginThrottleRules; shared: Pick<SharedState, 'counters' | 'signatures' | 'jobLock'>; sessionCache?: SessionCache | null; relay?: RelaySettings | null }): Services {
  const { clock } = deps;
  const accountsRepo = store.accounts;
  const apiTokensRepo = store.apiTokens;
  const sessionsRepo = store.sessions;
  const captchasRepo = store.captchas;
  const codesRepo = store.verificationCodes;
  // The server passes what openSharedState chose; operator commands the database's.
  const { counters, signatures: seenSignatures, jobLock } = deps.shared;
  const idempotencyKeys = store.idempotencyKeys;
  const limiter = new RateLimiter(counters, clock, { ...rateLimits, ...deps.rateLimits });
  const pendingPushes = store.pendingPushes;
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
  const allowance = new PlanAllowance(store, deps.payments.freeAllowance, clock);
  const operationLog = new OperationLog(store, clock);
  const referralRewards = new ReferralRewards(deps.payments.referralDays, operationLog, clock);
  const stripe = deps.payments.stripe ? new StripeProvider(deps.payments.stripe) : null;
  const { blobs } = deps;
  const storage = new StorageQuota(store, accountsRepo, allowance, clock);
  storage.register(pluginUsage());
  storage.register(syncUsage());
  const plugins = new PluginService(store, blobs, storage, operationLog, clock);
  const leases = new LeaseService(store, clock, allowance, push, operationLog);
  const sync = new SyncService(store, blobs, leases, deps.keys.box, storage, push, clock);
  // Operator commands start no relay (deps.relay unset): they launch nothing.
  const relay = new RelayService(store, accountsRepo, deps.keys.box, new RelayPasses(deps.keys.master), clock, deps.relay ?? null);
  const profiles = new ProfileService(store, accountsRepo, deps.keys.box, push, fingerprints, allowance, operationLog, clock, new LaunchGrants(deps.keys.master, clock), leases, sync, relay);
  const replayGuard = new ReplayGuard(seenSignatures, clock);
  const hosts = new HostService(store, clock, limiter, push);
  const remoteRuns = new RemoteRunService(store, clock, deps.keys.master, hosts, leases, allowance, replayGuard, push, deps.log);
  const providers = deps.payments.paymentMethods.map((method): PaymentProvider =>
    method === 'stripe' && stripe ? stripe : method === 'crypto' ? new CryptoProvider(deps.payments.cryptoWallets, store.orders) : new OperatorProvider(),
  );
  return {
    clock,
    limiter,
    replayGuard,
    idempotency: new Idempotency(idempotencyKeys, deps.keys.master, clock),
    push,
    sessions,
    accounts: new AccountService(accountsRepo, sessions, captchas, codes, limiter, clock, new LoginThrottle(counters, clock, deps.loginThrottle), apiTokensRepo, allowance),
    captchas,
    apiTokens: new ApiTokenService(apiTokensRepo, accountsRepo, clock, limiter, deps.keys.box),
    profiles,
    profileFiles: new ProfileFileService(store, profiles, fingerprints, deps.keys.box, clock, operationLog),
    savedProxies: new SavedProxyService(store, deps.keys.box, allowance, clock),
    fingerprints,
    groups: new GroupService(store, operationLog, clock),
    tags: new TagService(store, clock, operationLog),
    recycle: new RecycleService(store, allowance, operationLog, clock, deps.recycleRetentionDays, (ids) => sync.forget(ids)),
    sharing: new SharingService(store, accountsRepo, allowance, limiter, operationLog, clock, deps.keys.box, leases),
    subAccounts: new SubAccountService(store, accountsRepo, sessions, push, limiter, allowance, operationLog, clock, leases),
    operationLog,
    allowance,
    feedback: new FeedbackService(store, limiter, clock),
    binding: new BindingService(accountsRepo, codes, clock),
    rewards: new RewardService(store, referralRewards),
    settings: new AccountSettingsService(store, operationLog, clock),
    payments: new PaymentService(store, allowance, storage, push, clock, providers, deps.payments.orderLifetimeMs, operationLog, referralRewards, deps.log),
    blobs,
    storage,
    leases,
    hosts,
    remoteRuns,
    relay,
    sync,
    plugins,
    pluginAssignments: new PluginAssignmentService(store, plugins, accountsRepo, blobs, operationLog, clock),
    jobLock,
    stripe,
    keyRotation: new KeyRotation(store, deps.keys, deps.log),
    repositories: { accounts: accountsRepo, captchas: captchasRepo, codes: codesRepo, plans: store.plans, orders: store.orders, graphics: store.graphicsReports, counters, seenSignatures, idempotencyKeys, pendingPushes },
  };
}
