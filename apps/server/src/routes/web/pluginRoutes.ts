import {
  apiPluginAssignCall,
  apiPluginListCall,
  apiProfilePluginsCall,
  pluginAssignCall,
  pluginDisableEverywhereCall,
  pluginEnableCall,
  pluginListCall,
  pluginMoveVersionCall,
  pluginRemoveCall,
  pluginUnassignCall,
  pluginUpdateCall,
  pluginVersionsCall,
  profilePluginsCall,
} from '@facet/contracts';
import { actingAccount } from '../../calls/context.ts';
import { bind, type CallBinding } from '../../calls/registerCalls.ts';
import type { Services } from '../../services/container.ts';

/** The plugin centre's JSON calls; the upload and the download are their own routes. */
export function pluginRoutes(s: Services): CallBinding[] {
  const loads = bind(profilePluginsCall, async ({ profileId }, ctx) => ({ list: await s.pluginAssignments.profilePlugins(actingAccount(ctx), profileId) }));
  const list = bind(pluginListCall, async ({ page, limit }, ctx) => s.plugins.list(actingAccount(ctx), page, limit));
  const assign = bind(pluginAssignCall, async (input, ctx) => ({ assigned: await s.pluginAssignments.assign(actingAccount(ctx), input) }));
  return [
    list,
    bind(pluginVersionsCall, async ({ id }, ctx) => ({ list: await s.plugins.versions(actingAccount(ctx), id) })),
    bind(pluginUpdateCall, async ({ id, ...text }, ctx) => ({ plugin: await s.plugins.update(actingAccount(ctx), id, text) })),
    bind(pluginRemoveCall, async ({ id }, ctx) => ({ removedAssignments: await s.plugins.remove(actingAccount(ctx), id) })),
    bind(pluginDisableEverywhereCall, async ({ id, disabled }, ctx) => ({ plugin: await s.plugins.setDisabledEverywhere(actingAccount(ctx), id, disabled) })),
    bind(pluginEnableCall, async (input, ctx) => ({ plugin: await s.pluginAssignments.setEnabled(actingAccount(ctx), input) })),
    assign,
    bind(pluginUnassignCall, async (input, ctx) => ({ unassigned: await s.pluginAssignments.unassign(actingAccount(ctx), input) })),
    bind(pluginMoveVersionCall, async ({ id, versionId }, ctx) => ({ moved: await s.pluginAssignments.moveVersion(actingAccount(ctx), id, versionId) })),
    loads,
    // The twins under /v2/api/ (the agent, and scripts through its local API), answered by the same handlers.
    { ...loads, call: apiProfilePluginsCall },
    { ...list, call: apiPluginListCall },
    { ...assign, call: apiPluginAssignCall },
  ];
}
