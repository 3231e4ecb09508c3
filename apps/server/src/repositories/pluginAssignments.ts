import type { Selectable } from 'kysely';
import type { AccountPluginsTable } from '../db/schema.ts';
import type { Executor } from './executor.ts';

export type AccountPluginRecord = Selectable<AccountPluginsTable>;

/** A pinned version some profile loads, with where the pin came from. */
export interface LoadCandidate {
  source: 'profile' | 'group' | 'account';
  plugin_id: string;
  version_id: string;
  version: string;
  sha256: string;
  size: number;
}

/**
 * The pins of plugin versions: an account's own switch, a group's and a profile's. Callers have
 * already checked that the plugin is the team's and the targets are the acting account's.
 */
export class PluginAssignmentsRepository {
  constructor(private readonly db: Executor) {}

  accountPin(accountId: string, pluginId: string): Promise<AccountPluginRecord | undefined> {
    return this.db.selectFrom('account_plugins').selectAll().where('account_id', '=', accountId).where('plugin_id', '=', pluginId).executeTakeFirst();
  }

  async accountPins(accountId: string, pluginIds: readonly string[]): Promise<Map<string, AccountPluginRecord>> {
    if (pluginIds.length === 0) return new Map();
    const rows = await this.db.selectFrom('account_plugins').selectAll().where('account_id', '=', accountId).where('plugin_id', 'in', pluginIds).execute();
    return new Map(rows.map((r) => [r.plugin_id, r]));
  }

  async setAccountPin(row: AccountPluginRecord): Promise<void> {
    await this.db
      .insertInto('account_plugins')
      .values(row)
      .onConflict((oc) => oc.columns(['account_id', 'plugin_id']).doUpdateSet({ version_id: row.version_id, enabled: row.enabled, updated_at: row.updated_at }))
      .execute();
  }

  async pinProfiles(pluginId: string, versionId: string, profileIds: readonly string[], by: string, now: number): Promise<void> {
    if (profileIds.length === 0) return;
    await this.db
      .insertInto('profile_plugins')
      .values(profileIds.map((profile_id) => ({ profile_id, plugin_id: pluginId, version_id: versionId, assigned_by: by, created_at: now })))
      .onConflict((oc) => oc.columns(['profile_id', 'plugin_id']).doUpdateSet({ version_id: versionId, assigned_by: by, created_at: now }))
      .execute();
  }

  async pinGroups(pluginId: string, versionId: string, groupIds: readonly string[], by: string, now: number): Promise<void> {
    if (groupIds.length === 0) return;
    await this.db
      .insertInto('group_plugins')
      .values(groupIds.map((group_id) => ({ group_id, plugin_id: pluginId, version_id: versionId, assigned_by: by, created_at: now })))
      .onConflict((oc) => oc.columns(['group_id', 'plugin_id']).doUpdateSet({ version_id: versionId, assigned_by: by, created_at: now }))
      .execute();
  }

  async unpinProfiles(pluginId: string, profileIds: readonly string[]): Promise<number> {
    if (profileIds.length === 0) return 0;
    const result = await this.db.deleteFrom('profile_plugins').where('plugin_id', '=', pluginId).where('profile_id', 'in', profileIds).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async unpinGroups(pluginId: string, groupIds: readonly string[]): Promise<number> {
    if (groupIds.length === 0) return 0;
    const result = await this.db.deleteFrom('group_plugins').where('plugin_id', '=', pluginId).where('group_id', 'in', groupIds).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Every pin of the plugin, in every account of the team, onto one version. */
  async moveAll(pluginId: string, versionId: string, now: number): Promise<number> {
    // One after another: inside a transaction they share one connection anyway.
    const counts = [
      await this.db.updateTable('profile_plugins').set({ version_id: versionId }).where('plugin_id', '=', pluginId).where('version_id', '<>', versionId).executeTakeFirst(),
      await this.db.updateTable('group_plugins').set({ version_id: versionId }).where('plugin_id', '=', pluginId).where('version_id', '<>', versionId).executeTakeFirst(),
      await this.db.updateTable('account_plugins').set({ version_id: versionId, updated_at: now }).where('plugin_id', '=', pluginId).where('version_id', '<>', versionId).executeTakeFirst(),
    ];
    return counts.reduce((sum, r) => sum + Number(r.numUpdatedRows), 0);
  }

  async countPins(pluginId: string): Promise<number> {
    let total = 0;
    for (const table of ['profile_plugins', 'group_plugins', 'account_plugins'] as const) {
      const { n } = await this.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('plugin_id', '=', pluginId).executeTakeFirstOrThrow();
      total += Number(n);
    }
    return total;
  }

  /**
   * Every pin that could reach a profile: its own, its group's, and its owner's switch when on;
   * plugins of other teams and plugins disabled everywhere are left out here, in the query.
   */
  async candidatesFor(profile: { id: string; owner_id: string; group_id: string | null }, teamId: string): Promise<LoadCandidate[]> {
    const columns = ['v.plugin_id', 'v.id as version_id', 'v.version', 'v.sha256', 'v.size'] as const;
    const own = await this.db
      .selectFrom('profile_plugins as a')
      .innerJoin('plugin_versions as v', 'v.id', 'a.version_id')
      .innerJoin('plugins as p', 'p.id', 'a.plugin_id')
      .select(columns)
      .where('a.profile_id', '=', profile.id)
      .where('p.owner_id', '=', teamId)
      .where('p.disabled_at', 'is', null)
      .execute();
    const group = profile.group_id
      ? await this.db
          .selectFrom('group_plugins as a')
          .innerJoin('plugin_versions as v', 'v.id', 'a.version_id')
          .innerJoin('plugins as p', 'p.id', 'a.plugin_id')
          .select(columns)
          .where('a.group_id', '=', profile.group_id)
          .where('p.owner_id', '=', teamId)
          .where('p.disabled_at', 'is', null)
          .execute()
      : [];
    const account = await this.db
      .selectFrom('account_plugins as a')
      .innerJoin('plugin_versions as v', 'v.id', 'a.version_id')
      .innerJoin('plugins as p', 'p.id', 'a.plugin_id')
      .select(columns)
      .where('a.account_id', '=', profile.owner_id)
      .where('a.enabled', '=', 1)
      .where('p.owner_id', '=', teamId)
      .where('p.disabled_at', 'is', null)
      .execute();
    const tag = (source: LoadCandidate['source']) => (row: Omit<LoadCandidate, 'source'>): LoadCandidate => ({ source, ...row, size: Number(row.size) });
    return [...own.map(tag('profile')), ...group.map(tag('group')), ...account.map(tag('account'))];
  }
}
