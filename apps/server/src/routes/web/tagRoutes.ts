import { apiTagCalls, profileTagCall, tagCreateCall, tagDeleteCall, tagListCall, tagUpdateCall } from '@facet/contracts';
import { actingAccount } from '../../calls/context.ts';
import { bind, type CallBinding } from '../../calls/registerCalls.ts';
import type { Services } from '../../services/container.ts';

export function tagRoutes(s: Services): CallBinding[] {
  const web = [
    bind(tagListCall, async (_payload, ctx) => ({ list: await s.tags.list(actingAccount(ctx)) })),
    bind(tagCreateCall, async (fields, ctx) => ({ tag: await s.tags.create(actingAccount(ctx), fields) })),
    bind(tagUpdateCall, async ({ id, ...fields }, ctx) => ({ tag: await s.tags.update(actingAccount(ctx), id, fields) })),
    bind(tagDeleteCall, async ({ id }, ctx) => ({ changed: await s.tags.delete(actingAccount(ctx), id) })),
    bind(profileTagCall, async ({ ids, add, remove }, ctx) => ({ changed: await s.tags.apply(actingAccount(ctx), ids, add, remove) })),
  ];
  // API-token twins answer exactly as the console's calls do.
  const twins = apiTagCalls.map((api) => ({ call: api, handler: web.find((b) => b.call.path === api.path)!.handler }));
  return [...web, ...twins];
}
