import type { Selectable } from 'kysely';
import type { PluginsTable, PluginVersionsTable } from '../db/schema.ts';
import type { Executor } from './executor.ts';

export type PluginRecord = Selectable<PluginsTable>;
export type PluginVersionRecord = Selectable<PluginVersionsTable>;

/** Plugins and their versions. Every read of a plugin names its team: an id alone reaches nothing. */
export class PluginsRepository {
  constructor(private readonly db: Executor) {}

  async listForTeam(teamId: string, page: number, limit: number): Promise<{ rows: PluginRecord[]; total: number }> {
    const rows = await this.db
      .selectFrom('plugins')
      .selectAll()
      .where('owner_id', '=', teamId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    const { n } = await this.db.selectFrom('plugins').select((eb) => eb.fn.countAll<number>().as('n')).where('owner_id', '=', teamId).executeTakeFirstOrThrow();
    return { rows, total: Number(n) };
  }

  find(teamId: string, id: string): Promise<PluginRecord | undefined> {
    return this.db.selectFrom('plugins').selectAll().where('owner_id', '=', teamId).where('id', '=', id).executeTakeFirst();
  }

  async insert(plugin: PluginRecord): Promise<void> {
    await this.db.insertInto('plugins').values(plugin).execute();
  }

  async update(teamId: string, id: string, fields: Partial<Pick<PluginRecord, 'name' | 'introduction' | 'publisher' | 'icon_png' | 'disabled_at' | 'updated_at'>>): Promise<number> {
    const result = await this.db.updateTable('plugins').set(fields).where('owner_id', '=', teamId).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The plugin with its versions and every pin of them; returns the hashes its versions had. */
  async delete(teamId: string, id: string): Promise<string[]> {
    const versions = await this.versions(id);
    for (const table of ['profile_plugins', 'group_plugins', 'account_plugins'] as const) {
      await this.db.deleteFrom(table).where('plugin_id', '=', id).execute();
    }
    await this.db.deleteFrom('plugin_versions').where('plugin_id', '=', id).execute();
    await this.db.deleteFrom('plugins').where('owner_id', '=', teamId).where('id', '=', id).execute();
    return versions.map((v) => v.sha256);
  }

  /** Newest first. */
  versions(pluginId: string): Promise<PluginVersionRecord[]> {
    return this.db.selectFrom('plugin_versions').selectAll().where('plugin_id', '=', pluginId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }

  /** Each plugin's newest version and how many it has. */
  async latestVersions(pluginIds: readonly string[]): Promise<Map<string, { latest: PluginVersionRecord; count: number }>> {
    const out = new Map<string, { latest: PluginVersionRecord; count: number }>();
    if (pluginIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('plugin_versions')
      .selectAll()
      .where('plugin_id', 'in', pluginIds)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    for (const row of rows) {
      const seen = out.get(row.plugin_id);
      if (seen) seen.count += 1;
      else out.set(row.plugin_id, { latest: row, count: 1 });
    }
    return out;
  }

  findVersion(pluginId: string, versionId: string): Promise<PluginVersionRecord | undefined> {
    return this.db.selectFrom('plugin_versions').selectAll().where('plugin_id', '=', pluginId).where('id', '=', versionId).executeTakeFirst();
  }

  findVersionBySha(pluginId: string, sha256: string): Promise<PluginVersionRecord | undefined> {
    return this.db.selectFrom('plugin_versions').selectAll().where('plugin_id', '=', pluginId).where('sha256', '=', sha256).executeTakeFirst();
  }

  async insertVersion(version: PluginVersionRecord): Promise<void> {
    await this.db.insertInto('plugin_versions').values(version).execute();
  }

  /** A version with these bytes in a plugin of the team, if there is one. */
  findTeamVersionBySha(teamId: string, sha256: string): Promise<PluginVersionRecord | undefined> {
    return this.db
      .selectFrom('plugin_versions as v')
      .innerJoin('plugins as p', 'p.id', 'v.plugin_id')
      .selectAll('v')
      .where('p.owner_id', '=', teamId)
      .where('v.sha256', '=', sha256)
      .executeTakeFirst();
  }

  /**
   * Bytes the team's plugin versions keep in the blob store, each distinct zip once: the same
   * bytes in two of its plugins are one blob. Another team holding the same bytes counts them too.
   */
  async teamStoredBytes(teamId: string): Promise<number> {
    const distinct = this.db
      .selectFrom('plugin_versions as v')
      .innerJoin('plugins as p', 'p.id', 'v.plugin_id')
      .select(['v.sha256', 'v.size'])
      .distinct()
      .where('p.owner_id', '=', teamId)
      .as('held');
    const row = await this.db
      .selectFrom(distinct)
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('held.size'), eb.lit(0)).as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** Whether any team still has a version with these bytes (blobs are shared by hash). */
  async isShaUsed(sha256: string): Promise<boolean> {
    const row = await this.db.selectFrom('plugin_versions').select('id').where('sha256', '=', sha256).executeTakeFirst();
    return row !== undefined;
  }
}
