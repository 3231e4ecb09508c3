import type { Plugin, PluginVersion } from '@facet/contracts';
import type { AccountPluginRecord } from '../repositories/pluginAssignments.ts';
import type { PluginRecord, PluginVersionRecord } from '../repositories/plugins.ts';

export function versionView(row: PluginVersionRecord): PluginVersion {
  return { id: row.id, pluginId: row.plugin_id, version: row.version, sha256: row.sha256, size: Number(row.size), createdAt: Number(row.created_at) };
}

/** A plugin as the acting account sees it: the team's catalogue entry plus its own switch. */
export function pluginView(row: PluginRecord, latest: PluginVersionRecord, versionCount: number, pin: AccountPluginRecord | undefined): Plugin {
  return {
    id: row.id,
    name: row.name,
    introduction: row.introduction,
    publisher: row.publisher,
    icon: `data:image/png;base64,${row.icon_png}`,
    latestVersion: versionView(latest),
    versionCount,
    disabledEverywhere: row.disabled_at !== null,
    enabled: pin?.enabled === 1,
    enabledVersionId: pin?.enabled === 1 ? pin.version_id : null,
    createdAt: Number(row.created_at),
  };
}
