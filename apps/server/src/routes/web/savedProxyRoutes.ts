import { apiSavedProxyCalls, savedProxyAddCall, savedProxyCreateCall, savedProxyAssignCall, savedProxyCheckedCall, savedProxyDeleteCall, savedProxyDetailCall, savedProxyListCall, savedProxyUpdateCall } from '@facet/contracts';
import { actingAccount } from '../../calls/context.ts';
import { bind, type CallBinding } from '../../calls/registerCalls.ts';
import type { Services } from '../../services/container.ts';

export function savedProxyRoutes(s: Services): CallBinding[] {
  const web = [
    bind(savedProxyListCall, ({ page, limit, search, ids }, ctx) => s.savedProxies.list(actingAccount(ctx), page, limit, search, ids)),
    bind(savedProxyAddCall, async ({ lines, proxyType, remark }, ctx) => ({ ids: await s.savedProxies.add(actingAccount(ctx), lines, proxyType, remark) })),
    bind(savedProxyCreateCall, async ({ proxies }, ctx) => ({ ids: await s.savedProxies.create(actingAccount(ctx), proxies) })),
    bind(savedProxyDetailCall, ({ id }, ctx) => s.savedProxies.detail(actingAccount(ctx), id)),
    bind(savedProxyUpdateCall, async ({ id, proxy, remark }, ctx) => ({ profilesChanged: await s.savedProxies.update(actingAccount(ctx), id, proxy, remark) })),
    bind(savedProxyDeleteCall, async ({ ids }, ctx) => ({ changed: await s.savedProxies.delete(actingAccount(ctx), ids) })),
    bind(savedProxyAssignCall, async ({ id, profileIds }, ctx) => ({ changed: await s.savedProxies.assign(actingAccount(ctx), id, profileIds) })),
    bind(savedProxyCheckedCall, async ({ id, ...result }, ctx) => ({ checkedAt: await s.savedProxies.checked(actingAccount(ctx), id, result) })),
  ];
  // API-token twins (the local API's proxy-list paths) answer exactly as the console's calls do.
  const twins = apiSavedProxyCalls.map((api) => ({ call: api, handler: web.find((b) => b.call.path === api.path)!.handler }));
  return [...web, ...twins];
}
