import { AccountDataKeysRepository } from './accountDataKeys.ts';
import { AccountsRepository } from './accounts.ts';
import { ApiTokensRepository } from './apiTokens.ts';
import { CaptchasRepository } from './captchas.ts';
import { HostsRepository } from './hosts.ts';
import { RemoteRunsRepository } from './remoteRuns.ts';
import type { Executor } from './executor.ts';
import { FeedbackRepository } from './feedback.ts';
import { GraphicsReportsRepository } from './graphicsReports.ts';
import { GroupGrantsRepository } from './groupGrants.ts';
import { GroupsRepository } from './groups.ts';
import { IdempotencyKeysRepository } from './idempotencyKeys.ts';
import { OperationLogsRepository } from './operationLogs.ts';
import { OrdersRepository } from './orders.ts';
import { PendingPushesRepository } from './pendingPushes.ts';
import { PlansRepository } from './plans.ts';
import { PluginAssignmentsRepository } from './pluginAssignments.ts';
import { PluginsRepository } from './plugins.ts';
import { ProfileLeasesRepository } from './profileLeases.ts';
import { ProfilesRepository } from './profiles.ts';
import { ReferralRewardsRepository } from './referralRewards.ts';
import { SavedProxiesRepository } from './savedProxies.ts';
import { SealedValuesRepository } from './sealedValues.ts';
import { SessionsRepository } from './sessions.ts';
import { SharesRepository } from './shares.ts';
import { StorageReservationsRepository } from './storageReservations.ts';
import { SubAccountsRepository } from './subAccounts.ts';
import { SyncChunksRepository } from './syncChunks.ts';
import { SyncVersionsRepository } from './syncVersions.ts';
import { TagsRepository } from './tags.ts';
import { VerificationCodesRepository } from './verificationCodes.ts';

/**
 * Every repository over one executor: the database, or a transaction a service opened. Services
 * are given a Store and take their repositories from it; none builds one. Each repository is
 * built once per Store, when first asked for.
 */
export class Store {
  readonly #built = new Map<string, unknown>();

  constructor(private readonly db: Executor) {}

  /**
   * Runs `work` in one transaction, on a Store bound to it: what `work` writes through it commits
   * together or not at all. Kysely refuses a transaction inside a transaction, so work that
   * already runs in one passes its Store along rather than calling this again.
   */
  transaction<T>(work: (store: Store) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new Store(trx)));
  }

  #one<R>(name: string, build: (db: Executor) => R): R {
    let repository = this.#built.get(name) as R | undefined;
    if (repository === undefined) {
      repository = build(this.db);
      this.#built.set(name, repository);
    }
    return repository;
  }

  get accountDataKeys(): AccountDataKeysRepository { return this.#one('accountDataKeys', (db) => new AccountDataKeysRepository(db)); }
  get accounts(): AccountsRepository { return this.#one('accounts', (db) => new AccountsRepository(db)); }
  get apiTokens(): ApiTokensRepository { return this.#one('apiTokens', (db) => new ApiTokensRepository(db)); }
  get hosts(): HostsRepository { return this.#one('hosts', (db) => new HostsRepository(db)); }
  get remoteRuns(): RemoteRunsRepository { return this.#one('remoteRuns', (db) => new RemoteRunsRepository(db)); }
  get captchas(): CaptchasRepository { return this.#one('captchas', (db) => new CaptchasRepository(db)); }
  get feedback(): FeedbackRepository { return this.#one('feedback', (db) => new FeedbackRepository(db)); }
  get graphicsReports(): GraphicsReportsRepository { return this.#one('graphicsReports', (db) => new GraphicsReportsRepository(db)); }
  get groupGrants(): GroupGrantsRepository { return this.#one('groupGrants', (db) => new GroupGrantsRepository(db)); }
  get groups(): GroupsRepository { return this.#one('groups', (db) => new GroupsRepository(db)); }
  get idempotencyKeys(): IdempotencyKeysRepository { return this.#one('idempotencyKeys', (db) => new IdempotencyKeysRepository(db)); }
  get operationLogs(): OperationLogsRepository { return this.#one('operationLogs', (db) => new OperationLogsRepository(db)); }
  get orders(): OrdersRepository { return this.#one('orders', (db) => new OrdersRepository(db)); }
  get pendingPushes(): PendingPushesRepository { return this.#one('pendingPushes', (db) => new PendingPushesRepository(db)); }
  get plans(): PlansRepository { return this.#one('plans', (db) => new PlansRepository(db)); }
  get pluginAssignments(): PluginAssignmentsRepository { return this.#one('pluginAssignments', (db) => new PluginAssignmentsRepository(db)); }
  get plugins(): PluginsRepository { return this.#one('plugins', (db) => new PluginsRepository(db)); }
  get profileLeases(): ProfileLeasesRepository { return this.#one('profileLeases', (db) => new ProfileLeasesRepository(db)); }
  get profiles(): ProfilesRepository { return this.#one('profiles', (db) => new ProfilesRepository(db)); }
  get referralRewards(): ReferralRewardsRepository { return this.#one('referralRewards', (db) => new ReferralRewardsRepository(db)); }
  get savedProxies(): SavedProxiesRepository { return this.#one('savedProxies', (db) => new SavedProxiesRepository(db)); }
  get sealedValues(): SealedValuesRepository { return this.#one('sealedValues', (db) => new SealedValuesRepository(db)); }
  get sessions(): SessionsRepository { return this.#one('sessions', (db) => new SessionsRepository(db)); }
  get shares(): SharesRepository { return this.#one('shares', (db) => new SharesRepository(db)); }
  get storageReservations(): StorageReservationsRepository { return this.#one('storageReservations', (db) => new StorageReservationsRepository(db)); }
  get subAccounts(): SubAccountsRepository { return this.#one('subAccounts', (db) => new SubAccountsRepository(db)); }
  get syncChunks(): SyncChunksRepository { return this.#one('syncChunks', (db) => new SyncChunksRepository(db)); }
  get syncVersions(): SyncVersionsRepository { return this.#one('syncVersions', (db) => new SyncVersionsRepository(db)); }
  get tags(): TagsRepository { return this.#one('tags', (db) => new TagsRepository(db)); }
  get verificationCodes(): VerificationCodesRepository { return this.#one('verificationCodes', (db) => new VerificationCodesRepository(db)); }
}
