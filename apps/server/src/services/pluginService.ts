import { Code, type Plugin, type PluginUploadFields, type PluginUploadResponse, type PluginVersion } from '@facet/contracts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { AcceptedIcon } from '../pluginInspection/iconInspector.ts';
import type { AcceptedPackage } from '@facet/plugin-package';
import type { Account } from '../repositories/accounts.ts';
import type { Store } from '../repositories/store.ts';
import { type PluginsRepository, type PluginRecord, type PluginVersionRecord } from '../repositories/plugins.ts';
import { newId } from '../security/tokens.ts';
import { pluginBlobKey } from '../storage/blobKey.ts';
import type { BlobStore } from '../storage/blobStore.ts';
import type { OperationLog } from './operationLog.ts';
import { pluginView, versionView } from '../codecs/pluginViews.ts';
import { assertMain, teamIdOf } from './roles.ts';
import type { StorageQuota } from './storageQuota.ts';

/** An upload whose package (and icon, if sent) the inspectors accepted. */
interface InspectedUpload {
  fields: PluginUploadFields;
  icon: AcceptedIcon | null;
  pkg: AcceptedPackage;
}

/**
 * The team's plugin catalogue (spec §1, §3): upload, list, edit, remove, and the owner's
 * "disable everywhere". Plugins belong to the main account; its sub-accounts see them. A plugin
 * of another team reads as not found, whatever the id.
 */
export class PluginService {
  private readonly plugins: PluginsRepository;

  constructor(
    private readonly store: Store,
    private readonly blobs: BlobStore,
    private readonly storage: StorageQuota,
    private readonly log: OperationLog,
    private readonly clock: Clock,
  ) {
    this.plugins = store.plugins;
  }

  async list(actor: Account, page: number, limit: number): Promise<{ list: Plugin[]; total: number }> {
    const { rows, total } = await this.plugins.listForTeam(teamIdOf(actor), page, limit);
    return { list: await this.views(this.store, actor, rows), total };
  }

  async versions(actor: Account, id: string): Promise<PluginVersion[]> {
    await this.teamPlugin(actor, id);
    return (await this.plugins.versions(id)).map(versionView);
  }

  /**
   * Stores an inspected upload: a new plugin, or a new version of one (`fields.pluginId`). Bytes
   * new to the team must fit its storage (STORAGE_FULL otherwise, nothing stored). The blob is
   * written before the rows, so no row ever names bytes that are not there. Existing
   * pins stay on their versions: a new version reaches them only through `move-version`.
   */
  async upload(actor: Account, { fields, icon, pkg }: InspectedUpload): Promise<PluginUploadResponse> {
    assertMain(actor);
    const existing = fields.pluginId ? await this.teamPlugin(actor, fields.pluginId) : null;
    if (!existing) {
      const missing = [!fields.name ? 'name' : null, !icon ? 'icon' : null].filter((f): f is string => f !== null);
      if (missing.length > 0) throw new AppError(Code.INVALID_INPUT, { issues: missing.map((path) => ({ path, key: 'validation.required' })) });
    } else {
      const same = await this.plugins.findVersionBySha(existing.id, pkg.sha256);
      if (same) return this.uploaded(actor, existing.id, same, false);
    }

    // Bytes another of the team's plugins already has are one blob, counted once (pluginUsage.ts).
    const held = await this.plugins.findTeamVersionBySha(teamIdOf(actor), pkg.sha256);
    // Reserved, not only checked: parallel uploads cannot all pass one check (issue 34).
    const reservation = await this.storage.reserve(actor.id, held ? 0 : pkg.size);
    try {
      await this.blobs.put(pluginBlobKey(pkg.sha256), pkg.bytes);
    } catch (error) {
      await reservation.release();
      throw error;
    }
    const now = this.clock.now();
    const pluginId = existing?.id ?? newId('plg');
    const version: PluginVersionRecord = { id: newId('plv'), plugin_id: pluginId, version: pkg.manifest.version, sha256: pkg.sha256, size: pkg.size, created_at: now };
    try {
      await this.store.transaction(async (tx) => {
        // The version's row will count the bytes: the reservation ends in the same step, under the team's lock taken first.
        await reservation.release(tx);
        const repo = tx.plugins;
        const text = { ...(fields.name ? { name: fields.name } : {}), ...(fields.introduction !== undefined ? { introduction: fields.introduction } : {}), ...(fields.publisher !== undefined ? { publisher: fields.publisher } : {}) };
        if (existing) {
          await repo.update(actor.id, pluginId, { ...text, ...(icon ? { icon_png: icon.png.toString('base64') } : {}), updated_at: now });
        } else {
          await repo.insert({ id: pluginId, owner_id: actor.id, name: fields.name!, introduction: fields.introduction ?? '', publisher: fields.publisher ?? '', icon_png: icon!.png.toString('base64'), disabled_at: null, created_at: now, updated_at: now });
        }
        await repo.insertVersion(version);
        await this.log.record(tx, actor, existing ? 'plugin.newVersion' : 'plugin.upload', fields.name ?? existing!.name, { version: version.version });
      });
    } catch (error) {
      await reservation.release();
      // The same bytes racing in twice: the unique key kept one; answer with it.
      const raced = existing ? await this.plugins.findVersionBySha(existing.id, pkg.sha256) : undefined;
      if (raced) return this.uploaded(actor, pluginId, raced, false);
      if (!(await this.plugins.isShaUsed(pkg.sha256))) await this.blobs.delete(pluginBlobKey(pkg.sha256));
      throw error;
    }
    return this.uploaded(actor, pluginId, version, true);
  }

  async update(actor: Account, id: string, text: { name: string; introduction: string; publisher: string }): Promise<Plugin> {
    assertMain(actor);
    const before = await this.teamPlugin(actor, id);
    await this.store.transaction(async (tx) => {
      await tx.plugins.update(actor.id, id, { ...text, updated_at: this.clock.now() });
      const fields = (['name', 'introduction', 'publisher'] as const).filter((f) => before[f] !== text[f]);
      await this.log.record(tx, actor, 'plugin.update', text.name, { fields: fields.join(','), ...(before.name !== text.name ? { from: before.name } : {}) });
    });
    return this.viewOf(actor, id);
  }

  /**
   * Removes the plugin with all versions and pins in one transaction, then the blobs no other
   * plugin (of any team) still names. Agents drop it at the next start: profile/plugins no
   * longer lists it.
   */
  async remove(actor: Account, id: string): Promise<number> {
    assertMain(actor);
    const plugin = await this.teamPlugin(actor, id);
    const { hashes, pins } = await this.store.transaction(async (tx) => {
      const pins = await tx.pluginAssignments.countPins(id);
      const hashes = await tx.plugins.delete(actor.id, id);
      await this.log.record(tx, actor, 'plugin.remove', plugin.name, { versions: hashes.length, assignments: pins });
      return { hashes, pins };
    });
    const unused: string[] = [];
    for (const sha of new Set(hashes)) if (!(await this.plugins.isShaUsed(sha))) unused.push(pluginBlobKey(sha));
    await this.blobs.deleteMany(unused);
    return pins;
  }

  /** The owner's switch over every account and profile at once; pins are kept for switching back. */
  async setDisabledEverywhere(actor: Account, id: string, disabled: boolean): Promise<Plugin> {
    assertMain(actor);
    const plugin = await this.teamPlugin(actor, id);
    if ((plugin.disabled_at !== null) !== disabled) {
      await this.store.transaction(async (tx) => {
        const now = this.clock.now();
        await tx.plugins.update(actor.id, id, { disabled_at: disabled ? now : null, updated_at: now });
        await this.log.record(tx, actor, disabled ? 'plugin.disableEverywhere' : 'plugin.enableEverywhere', plugin.name);
      });
    }
    return this.viewOf(actor, id);
  }

  /** The team's plugin, or not found: the only way any plugin call reaches a plugin. */
  async teamPlugin(actor: Account, id: string, executor: Store = this.store): Promise<PluginRecord> {
    const plugin = await executor.plugins.find(teamIdOf(actor), id);
    if (!plugin) throw new AppError(Code.NOT_FOUND, { id });
    return plugin;
  }

  async viewOf(actor: Account, id: string): Promise<Plugin> {
    const [view] = await this.views(this.store, actor, [await this.teamPlugin(actor, id)]);
    return view!;
  }

  private async uploaded(actor: Account, pluginId: string, version: PluginVersionRecord, created: boolean): Promise<PluginUploadResponse> {
    return { plugin: await this.viewOf(actor, pluginId), version: versionView(version), created };
  }

  private async views(executor: Store, actor: Account, rows: PluginRecord[]): Promise<Plugin[]> {
    const ids = rows.map((r) => r.id);
    const latest = await executor.plugins.latestVersions(ids);
    const pins = await executor.pluginAssignments.accountPins(actor.id, ids);
    // A plugin is never without a version: both are written in one transaction.
    return rows.filter((r) => latest.has(r.id)).map((r) => pluginView(r, latest.get(r.id)!.latest, latest.get(r.id)!.count, pins.get(r.id)));
  }
}
