import { Code, PLUGIN_BLOB_PREFIX, type Plugin, type ProfilePlugin } from '@facet/contracts';
import type { Store } from '../repositories/store.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { Account, AccountsRepository } from '../repositories/accounts.ts';
import { type LoadCandidate } from '../repositories/pluginAssignments.ts';
import { type PluginVersionRecord } from '../repositories/plugins.ts';
import { pluginBlobKey } from '../storage/blobKey.ts';
import type { BlobStore, OpenedBlob } from '../storage/blobStore.ts';
import type { OperationLog } from './operationLog.ts';
import type { PluginService } from './pluginService.ts';
import { assertAllOwned } from './profileService.ts';
import { assertMain, teamIdOf } from './roles.ts';

interface AssignmentTargets {
  profileIds: string[];
  groupIds: string[];
}

/** A profile's own pin beats its group's, which beats its account's switch. */
const precedence: Record<LoadCandidate['source'], number> = { profile: 0, group: 1, account: 2 };

/**
 * Who loads which version of a team's plugins. Every pin names a version, never "the newest",
 * so a new upload changes nothing that runs until someone moves a pin on purpose; and what a
 * profile loads is answered from the pins alone, for the agent to fetch by hash.
 */
export class PluginAssignmentService {
  constructor(
    private readonly store: Store,
    private readonly catalogue: PluginService,
    private readonly accounts: AccountsRepository,
    private readonly blobs: BlobStore,
    private readonly log: OperationLog,
    private readonly clock: Clock,
  ) {}

  /**
   * An account's own switch. On: every profile it owns loads the pinned version (the one named,
   * else the account's earlier pin, else the newest). A main account may switch its
   * sub-accounts'; a sub-account only its own.
   */
  async setEnabled(actor: Account, input: { id: string; enabled: boolean; versionId?: string | undefined; accountId?: string | undefined }): Promise<Plugin> {
    const plugin = await this.catalogue.teamPlugin(actor, input.id);
    const target = await this.targetAccount(actor, input.accountId);
    const repo = this.store.pluginAssignments;
    const earlier = await repo.accountPin(target.id, plugin.id);
    const version = input.versionId
      ? await this.version(plugin.id, input.versionId)
      : ((earlier && (await this.store.plugins.findVersion(plugin.id, earlier.version_id))) ?? (await this.store.plugins.versions(plugin.id))[0]!);
    await this.store.transaction(async (tx) => {
      await tx.pluginAssignments.setAccountPin({ account_id: target.id, plugin_id: plugin.id, version_id: version.id, enabled: input.enabled ? 1 : 0, updated_at: this.clock.now() });
      await this.log.record(tx, actor, input.enabled ? 'plugin.enable' : 'plugin.disable', plugin.name, { account: target.username, version: version.version });
    });
    return target.id === actor.id ? this.catalogue.viewOf(actor, plugin.id) : this.catalogue.viewOf(target, plugin.id);
  }

  /** Pins one version on the actor's own profiles and groups; all or none. */
  async assign(actor: Account, input: { id: string; versionId: string } & AssignmentTargets): Promise<number> {
    const plugin = await this.catalogue.teamPlugin(actor, input.id);
    const version = await this.version(plugin.id, input.versionId);
    const { profiles, groups } = await this.ownTargets(actor, input);
    await this.store.transaction(async (tx) => {
      const repo = tx.pluginAssignments;
      const now = this.clock.now();
      await repo.pinProfiles(plugin.id, version.id, profiles, actor.id, now);
      await repo.pinGroups(plugin.id, version.id, groups, actor.id, now);
      await this.log.record(tx, actor, 'plugin.assign', plugin.name, { version: version.version, profiles: profiles.length, groups: groups.length });
    });
    return profiles.length + groups.length;
  }

  async unassign(actor: Account, input: { id: string } & AssignmentTargets): Promise<number> {
    const plugin = await this.catalogue.teamPlugin(actor, input.id);
    const { profiles, groups } = await this.ownTargets(actor, input);
    return this.store.transaction(async (tx) => {
      const repo = tx.pluginAssignments;
      const removed = (await repo.unpinProfiles(plugin.id, profiles)) + (await repo.unpinGroups(plugin.id, groups));
      await this.log.record(tx, actor, 'plugin.unassign', plugin.name, { profiles: profiles.length, groups: groups.length });
      return removed;
    });
  }

  /** The owner's explicit move of every pin in the team onto one version. */
  async moveVersion(actor: Account, id: string, versionId: string): Promise<number> {
    assertMain(actor);
    const plugin = await this.catalogue.teamPlugin(actor, id);
    const version = await this.version(plugin.id, versionId);
    return this.store.transaction(async (tx) => {
      const moved = await tx.pluginAssignments.moveAll(plugin.id, version.id, this.clock.now());
      await this.log.record(tx, actor, 'plugin.moveVersion', plugin.name, { version: version.version, count: moved });
      return moved;
    });
  }

  /**
   * Exactly what a profile loads at its next start: one pinned version per plugin. Only the
   * profile's owner gets a list; a profile shared with the actor loads nothing (the launch guard
   * of the architecture: shared profiles run no code of the owner's on the recipient's machine).
   */
  async profilePlugins(actor: Account, profileId: string): Promise<ProfilePlugin[]> {
    const profiles = this.store.profiles;
    const [own] = await profiles.findOwned(actor.id, [profileId]);
    if (!own) {
      if ((await profiles.findReachable(actor.id, [profileId])).length > 0) return [];
      throw new AppError(Code.NOT_FOUND, { ids: [profileId] });
    }
    const candidates = await this.store.pluginAssignments.candidatesFor(own, teamIdOf(actor));
    const chosen = new Map<string, LoadCandidate>();
    for (const c of candidates) {
      const held = chosen.get(c.plugin_id);
      if (!held || precedence[c.source] < precedence[held.source]) chosen.set(c.plugin_id, c);
    }
    return [...chosen.values()]
      .sort((a, b) => a.plugin_id.localeCompare(b.plugin_id))
      .map((c) => ({ pluginId: c.plugin_id, versionId: c.version_id, version: c.version, sha256: c.sha256, size: c.size, url: `${PLUGIN_BLOB_PREFIX}${c.sha256}` }));
  }

  /** A version's bytes, for accounts of the team that owns a version with that hash. */
  async blob(actor: Account, sha256: string): Promise<OpenedBlob> {
    const version = await this.store.plugins.findTeamVersionBySha(teamIdOf(actor), sha256);
    const blob = version ? await this.blobs.open(pluginBlobKey(sha256)) : null;
    if (!blob) throw new AppError(Code.NOT_FOUND, { sha256 }, 404);
    return blob;
  }

  private async version(pluginId: string, versionId: string): Promise<PluginVersionRecord> {
    const version = await this.store.plugins.findVersion(pluginId, versionId);
    if (!version) throw new AppError(Code.NOT_FOUND, { versionId });
    return version;
  }

  private async targetAccount(actor: Account, accountId: string | undefined): Promise<Account> {
    if (accountId === undefined || accountId === actor.id) return actor;
    assertMain(actor);
    const target = await this.accounts.findById(accountId);
    if (!target || target.parent_id !== actor.id) throw new AppError(Code.NOT_FOUND, { accountId });
    return target;
  }

  /** Live profiles and groups the actor owns: one that is not refuses the whole call. */
  private async ownTargets(actor: Account, input: AssignmentTargets): Promise<{ profiles: string[]; groups: string[] }> {
    const profiles = [...new Set(input.profileIds)];
    const groups = [...new Set(input.groupIds)];
    await assertAllOwned(this.store.profiles, actor, profiles);
    const groupRepo = this.store.groups;
    const missing: string[] = [];
    for (const id of groups) if (!(await groupRepo.find(actor.id, id))) missing.push(id);
    if (missing.length > 0) throw new AppError(Code.NOT_FOUND, { ids: missing });
    return { profiles, groups };
  }
}
