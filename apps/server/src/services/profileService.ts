import {
  Code,
  DEFAULT_KERNEL_VERSION,
  permits,
  UNGROUPED_ID,
  parseProxyLines,
  type profileBatchCreateCall,
  profileSettingsSchema,
  type Cookie,
  type LaunchSecrets,
  type ProfileLease,
  type SyncVersion,
  type SealedLaunch,
  type ListQuery,
  type OperatingSystem,
  type Profile,
  type ProfileRow,
  type ProfileSettings,
  type ProfileUpdateSettings,
} from '@facet/contracts';
import type { GeneratedIdentity } from '@facet/fingerprint';
import type { z } from 'zod';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import { currentMachine } from '../requestScope.ts';
import type { OperationLog } from './operationLog.ts';
import type { PlanAllowance } from './planAllowance.ts';
import type { FingerprintPool } from '../fingerprints/fingerprintPool.ts';
import type { PushHub } from '../realtime/pushHub.ts';
import type { Account, AccountsRepository } from '../repositories/accounts.ts';
import type { Store } from '../repositories/store.ts';
import type { GroupsRepository } from '../repositories/groups.ts';
import { type ProfilesRepository, type ProfileRecord } from '../repositories/profiles.ts';
import type { SharesRepository } from '../repositories/shares.ts';
import { toTag } from '../codecs/tagView.ts';
import { updatedCookies } from '../codecs/updatedCookies.ts';
import type { SecretBox } from '../crypto/secretBox.ts';
import { sealForDevice } from '../security/launchSeal.ts';
import { newProfileId } from '../security/tokens.ts';
import { withOwnSeed } from './noiseSeed.ts';
import type { LaunchGrants } from './launchGrant.ts';
import { toLease, type LeaseService } from './leaseService.ts';
import type { SyncService } from './syncService.ts';
import { launchIsRelayed, type RelayService } from './relayService.ts';
import { accessTo, type ProfileAccess } from './profileAccess.ts';
import { columnsToSettings, settingsToColumns, toProfile, toProfileRow } from '../codecs/profileCodec.ts';

type CallRequestOutput<C extends { request: z.ZodType }> = z.output<C['request']>;

/** Fingerprints taken between progress pushes in a batch create. */
const BATCH_STEP = 50;

/** Creating, reading, listing and editing profiles; every call acts for one account. */
export class ProfileService {
  private readonly profiles: ProfilesRepository;
  private readonly groups: GroupsRepository;
  private readonly shares: SharesRepository;

  constructor(
    private readonly store: Store,
    private readonly accounts: AccountsRepository,
    private readonly secrets: SecretBox,
    private readonly push: PushHub,
    private readonly fingerprints: FingerprintPool,
    private readonly allowance: PlanAllowance,
    private readonly log: OperationLog,
    private readonly clock: Clock,
    private readonly grants: LaunchGrants,
    private readonly leases: LeaseService,
    private readonly sync: SyncService,
    private readonly relay: RelayService,
  ) {
    this.profiles = store.profiles;
    this.groups = store.groups;
    this.shares = store.shares;
  }

  async list(actor: Account, query: ListQuery): Promise<{ list: ProfileRow[]; total: number }> {
    const { rows, total } = await this.profiles.listOwned(actor.id, query, this.clock.now());
    return { list: rows.map((r) => toProfileRow(r, r.tags.map(toTag), r.lease && toLease(r.lease))), total };
  }

  async listShared(actor: Account, query: ListQuery): Promise<{ list: ProfileRow[]; total: number }> {
    const { rows, total } = await this.profiles.listShared(actor.id, query);
    const running = await this.leases.liveOf(rows.map((r) => r.id));
    return { list: rows.map((r) => toProfileRow(r, [], running.get(r.id) ?? null)), total };
  }

  async detail(actor: Account, id: string): Promise<Profile> {
    const [access] = await accessTo(this.profiles, actor, [id], 'run');
    const profile = await this.view(access!, actor);
    // Someone who may only run it never reads what it is signed in with or pays for.
    return permits(access!.permission, 'edit') ? profile : withoutSecrets(profile);
  }

  /**
   * What the agent needs to open a profile: its settings without secrets, and the proxy
   * credentials, cookies and state key sealed to the agent's device key (security/launchSeal.ts),
   * with a grant to save the browser's cookies at stop. No launch path hands secrets out in the
   * clear. The machine takes the profile's lease here: one live browser per profile across the
   * team's machines.
   *
   * Someone who may only run it never gets the owner's proxy account, not even sealed (a device
   * key is whatever the caller sends): its proxy is the server's relay, with a credential good
   * for this start alone (services/relayService.ts). `reachedHost` is the name the caller reached
   * this server by, where its agent finds the relay unless one is configured.
   */
  async launch(actor: Account, id: string, deviceKey: string, deviceName?: string, reachedHost = '127.0.0.1'): Promise<{ profile: Profile; sealed: SealedLaunch; grant: string; lease: ProfileLease; syncHead: SyncVersion | null }> {
    const [access] = await accessTo(this.profiles, actor, [id], 'run');
    // Opening is a profile function an expired plan restricts (spec §4): refused before anything is spawned.
    await this.allowance.assertActive(actor);
    const profile = await this.view(access!, actor);
    const relayed = launchIsRelayed(access!.permission, profile.proxy);
    if (relayed) this.relay.assertOn();
    // Before the lease: a sync key this server cannot read yet (1507) refuses the start with nothing taken.
    const syncKey = await this.sync.syncKey(access!.record);
    const lease = await this.leases.take(actor, id, deviceKey, deviceName);
    const syncHead = await this.sync.head(id);
    const proxy = relayed ? this.relay.standIn(profile.proxy, { profileId: id, accountId: actor.id, deviceId: lease.deviceId, since: lease.since }, reachedHost) : profile.proxy;
    const secrets: LaunchSecrets = { proxyUsername: proxy.username, proxyPassword: proxy.password, cookies: profile.cookies, syncKey };
    const shown = withoutSecrets({ ...profile, proxy });
    return { profile: shown, sealed: sealForDevice(deviceKey, id, JSON.stringify(secrets)), grant: this.grants.issue(id, actor.id), lease, syncHead };
  }

  /** A browser of the profile opened (by its owner or a recipient): its last-used time. */
  async opened(actor: Account, id: string): Promise<number> {
    const [access] = await accessTo(this.profiles, actor, [id], 'run');
    await this.allowance.assertActive(actor);
    const now = this.clock.now();
    // Named with the machine that holds it: a script's call and the console's read the same.
    const device = (await this.leases.liveOf([id])).get(id)?.device ?? currentMachine('server');
    await this.store.transaction(async (tx) => {
      await tx.profiles.update(access!.record.owner_id, id, { last_used_at: now });
      await this.log.recordUse(tx, actor, 'browser.open', access!.record, device);
    });
    return now;
  }

  /**
   * Replaces a profile's cookies: an import by someone who may edit it, or what the browser held
   * at its stop (the launch's grant), so a team keeps one signed-in state. Proxy credentials stay.
   */
  async saveCookies(actor: Account, id: string, cookies: Cookie[], grant?: string): Promise<number> {
    // Also the stop of a browser whose holder's access ended while it ran: only with its grant.
    const { record, permission } = await this.leases.reachToSave(actor, id, null);
    if (!permits(permission, 'edit') && !this.grants.allows(grant, id, actor.id)) throw new AppError(Code.SHARED_ACCESS_TOO_LOW, { needed: 'edit', ids: [id] });
    await this.secrets.ready([record.owner_id]);
    const { secrets } = settingsToColumns({ ...columnsToSettings(record, this.secrets), cookies }, this.secrets, { ownerId: record.owner_id, id });
    await this.store.transaction(async (tx) => {
      await tx.profiles.update(record.owner_id, id, { secrets, updated_at: this.clock.now() });
      // What a browser held at its stop (the launch's grant) is its close, logged as such; a
      // replacement by hand is a change the team audits.
      if (grant === undefined) await this.log.record(tx, actor, 'profile.cookies', record.name, { count: cookies.length });
    });
    return cookies.length;
  }

  async create(actor: Account, settings: ProfileSettings): Promise<Profile> {
    await this.assertGroup(actor, settings.groupId);
    const [record] = await this.insert(actor, [settings], 'profile.create');
    return this.view({ record: record!, permission: null, sharedBy: null }, actor);
  }

  async update(actor: Account, id: string, sent: ProfileUpdateSettings): Promise<Profile> {
    await this.allowance.assertActive(actor);
    const [access] = await accessTo(this.profiles, actor, [id], 'edit');
    const { record, permission } = access!;
    if (permission === null) await this.assertGroup(actor, sent.groupId);
    await this.secrets.ready([record.owner_id]);
    const stored = columnsToSettings(record, this.secrets);
    const settings: ProfileSettings = withOwnSeed({ ...sent, cookies: updatedCookies(sent.cookies, stored.cookies) }, stored.fingerprint.noiseSeed);
    // A recipient edits within the owner's profile: it stays in the owner's group, and what runs
    // on the owner's machine (command line, debug port) is the owner's alone; they never saw it.
    const applied: ProfileSettings =
      permission === null
        ? settings
        : {
            ...settings,
            groupId: stored.groupId,
            fingerprint: { ...settings.fingerprint, commandLine: stored.fingerprint.commandLine, remoteDebug: stored.fingerprint.remoteDebug },
          };
    await this.store.transaction(async (tx) => {
      // A proxy changed by hand is the profile's own from now on, no longer the saved one's.
      const ownProxy = !sameProxy(stored.proxy, applied.proxy);
      const changed = await tx.profiles.update(record.owner_id, id, { ...settingsToColumns(applied, this.secrets, { ownerId: record.owner_id, id }), ...(ownProxy ? { saved_proxy_id: null } : {}), updated_at: this.clock.now() });
      if (changed === 0) throw new AppError(Code.NOT_FOUND, { ids: [id] });
      await this.log.record(tx, actor, 'profile.update', settings.name);
    });
    return this.detail(actor, id);
  }

  /**
   * N profiles from one template, each with its own fingerprint and, when proxies are pasted,
   * the next proxy in turn. Everything is checked and generated first, then written in one
   * transaction: all or none.
   */
  async batchCreate(actor: Account, input: CallRequestOutput<typeof profileBatchCreateCall>): Promise<string[]> {
    // Refused before any fingerprint is made; checked again where the rows are written.
    await this.allowance.assertProfileRoom(actor, input.count);
    await this.assertGroup(actor, input.template.groupId);
    const proxies = input.proxies.trim() ? parseProxyLines(input.proxies, input.proxyType) : null;
    if (proxies?.error) throw new AppError(Code.PROXY_LINE_INVALID, proxies.error);
    // Progress is a courtesy: a push that fails must not fail the batch.
    const progress = (done: number) => void this.push.progress(actor.id, { requestId: input.requestId, done, total: input.count }).catch(() => undefined);

    const all: ProfileSettings[] = [];
    while (all.length < input.count) {
      const identities = await this.fingerprints.take(input.template.os, input.template.kernelVersion, Math.min(BATCH_STEP, input.count - all.length));
      for (const identity of identities) {
        const i = all.length;
        all.push({
          ...input.template,
          name: input.count === 1 ? input.template.name : `${input.template.name}-${i + 1}`.slice(0, 100),
          userAgent: identity.userAgent,
          resolution: identity.resolution,
          proxy: proxies ? proxies.proxies[i % proxies.proxies.length]! : input.template.proxy,
          fingerprint: { ...input.template.fingerprint, ...identity.fingerprint },
        });
      }
      if (all.length < input.count) progress(all.length);
    }
    const records = await this.insert(actor, all, 'profile.batchCreate');
    progress(input.count);
    return records.map((r) => r.id);
  }

  /** A fingerprint suggestion for the form's "generate new fingerprint" button. */
  async suggest(os: OperatingSystem, kernelVersion = DEFAULT_KERNEL_VERSION) {
    const [identity] = (await this.fingerprints.take(os, kernelVersion, 1)) as [GeneratedIdentity];
    const base = profileSettingsSchema.shape.fingerprint.parse(undefined);
    return { userAgent: identity.userAgent, resolution: identity.resolution, kernelVersion, fingerprint: { ...base, ...identity.fingerprint } };
  }

  async moveGroup(actor: Account, ids: string[], groupId: string): Promise<number> {
    await this.assertGroup(actor, groupId);
    return this.store.transaction(async (tx) => {
      const repo = tx.profiles;
      const records = await assertAllOwned(repo, actor, ids);
      const changed = await repo.setGroup(actor.id, ids, groupId === UNGROUPED_ID ? null : groupId, this.clock.now());
      const group = groupId === UNGROUPED_ID ? '' : ((await tx.groups.find(actor.id, groupId))?.name ?? '');
      await this.log.record(tx, actor, 'profile.moveGroup', records.map((r) => r.name), { count: changed, group });
      return changed;
    });
  }

  async setRemark(actor: Account, ids: string[], remark: string): Promise<number> {
    return this.store.transaction(async (tx) => {
      const repo = tx.profiles;
      const records = await assertAllOwned(repo, actor, ids);
      const changed = await repo.setRemark(actor.id, ids, remark, this.clock.now());
      await this.log.record(tx, actor, 'profile.remark', records.map((r) => r.name), { count: changed });
      return changed;
    });
  }

  private insert(actor: Account, all: ProfileSettings[], action: 'profile.create' | 'profile.batchCreate'): Promise<ProfileRecord[]> {
    return this.insertWith(actor, all.length, async () => all, action);
  }

  /**
   * Writes `count` new profiles of the actor's in one transaction: room in the plan checked
   * there, then `prepare` (which may write what the profiles need, such as groups, in the same
   * transaction) gives their settings. All or none.
   */
  async insertWith(actor: Account, count: number, prepare: (tx: Store) => Promise<ProfileSettings[]>, action: 'profile.create' | 'profile.batchCreate' | 'profile.import'): Promise<ProfileRecord[]> {
    const now = this.clock.now();
    await this.secrets.ready([actor.id]);
    return this.store.transaction(async (tx) => {
      await this.allowance.assertProfileRoom(actor, count, tx);
      const all = (await prepare(tx)).map((settings) => withOwnSeed(settings));
      const repo = tx.profiles;
      const ids = await freshIds(repo, all.length);
      const first = await repo.reserveSerials(actor.id, all.length);
      const records: ProfileRecord[] = all.map((settings, i) => ({
        id: ids[i]!,
        owner_id: actor.id,
        serial: first + i,
        ...settingsToColumns(settings, this.secrets, { ownerId: actor.id, id: ids[i]! }),
        created_at: now,
        updated_at: now,
        last_used_at: null,
        deleted_at: null,
        purge_at: null,
        saved_proxy_id: null,
        // Made at its first start (services/syncService.ts).
        sync_key: '',
      }));
      await repo.insertMany(records);
      await repo.adjustLiveCount(actor.id, records.length);
      await this.log.record(tx, actor, action, records.map((r) => r.name), { count: records.length });
      return records;
    });
  }

  private async assertGroup(actor: Account, groupId: string): Promise<void> {
    if (groupId === UNGROUPED_ID) return;
    if (!(await this.groups.find(actor.id, groupId))) throw new AppError(Code.NOT_FOUND, { groupId });
  }

  private async view({ record, permission, sharedBy }: ProfileAccess, actor: Account): Promise<Profile> {
    const own = permission === null;
    const group = record.group_id && own ? await this.groups.find(actor.id, record.group_id) : undefined;
    const members = own ? (await this.shares.membersOf([record.id])).map((m) => ({ id: m.account_id, name: m.username })) : [];
    const ownerAccount = own ? actor : await this.accounts.findById(record.owner_id);
    const sharer = sharedBy ? await this.accounts.findById(sharedBy) : null;
    if (!ownerAccount) throw new AppError(Code.NOT_FOUND, { ids: [record.id] });
    await this.secrets.ready([record.owner_id]);
    return toProfile(record, this.secrets, {
      groupName: group?.name ?? '',
      owner: { id: ownerAccount.id, name: ownerAccount.username },
      members,
      sharer: own ? null : { id: sharer?.id ?? record.owner_id, name: sharer?.username ?? ownerAccount.username },
      permission,
    });
  }
}

function sameProxy(a: ProfileSettings['proxy'], b: ProfileSettings['proxy']): boolean {
  return a.type === b.type && a.host === b.host && a.port === b.port && a.username === b.username && a.password === b.password;
}

/** The profile without its proxy credentials and cookies (whether there are credentials still shows). */
function withoutSecrets(profile: Profile): Profile {
  return { ...profile, proxy: { ...profile.proxy, username: '', password: '' }, cookies: [] };
}

/** Batch actions are all or none: one id that is not the actor's live profile refuses them all. */
export async function assertAllOwned(repo: ProfilesRepository, actor: Account, ids: readonly string[]): Promise<ProfileRecord[]> {
  const found = await repo.findOwned(actor.id, ids);
  if (found.length !== ids.length) {
    const have = new Set(found.map((r) => r.id));
    throw new AppError(Code.NOT_FOUND, { ids: ids.filter((id) => !have.has(id)) });
  }
  // In the account's own numbering, so anything that lists them (the operation log) reads in order.
  return found.sort((a, b) => a.serial - b.serial);
}

async function freshIds(repo: ProfilesRepository, count: number): Promise<string[]> {
  const ids = new Set<string>();
  while (ids.size < count) {
    const candidates = Array.from({ length: count - ids.size }, newProfileId).filter((id) => !ids.has(id));
    const taken = new Set<string>();
    for (let i = 0; i < candidates.length; i += 500) for (const id of await repo.idsTaken(candidates.slice(i, i + 500))) taken.add(id);
    for (const id of candidates) if (!taken.has(id)) ids.add(id);
  }
  return [...ids];
}
