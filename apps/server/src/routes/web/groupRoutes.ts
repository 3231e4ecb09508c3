import { apiGroupCalls, groupCreateCall, groupDeleteCall, groupListCall, groupUpdateCall } from '@facet/contracts';
import { actingAccount } from '../../calls/context.ts';
import { bind, type CallBinding } from '../../calls/registerCalls.ts';
import type { Services } from '../../services/container.ts';

export function groupRoutes(s: Services): CallBinding[] {
  const web = [
    bind(groupListCall, (_payload, ctx) => s.groups.list(actingAccount(ctx))),
    bind(groupCreateCall, async (fields, ctx) => ({ group: await s.groups.create(actingAccount(ctx), fields) })),
    bind(groupUpdateCall, async ({ id, ...fields }, ctx) => ({ group: await s.groups.update(actingAccount(ctx), id, fields) })),
    bind(groupDeleteCall, async ({ id }, ctx) => ({ moved: await s.groups.delete(actingAccount(ctx), id) })),
  ];
  // API-token twins answer exactly as the console's calls do.
  const twins = apiGroupCalls.map((api) => ({ call: api, handler: web.find((b) => b.call.path === api.path)!.handler }));
  return [...web, ...twins];
}
