import { recycleEmptyCall, recycleListCall, recyclePurgeCall, recycleRestoreCall } from '@facet/contracts';
import { actingAccount } from '../../calls/context.ts';
import { bind, type CallBinding } from '../../calls/registerCalls.ts';
import type { Services } from '../../services/container.ts';

export function recycleRoutes(s: Services): CallBinding[] {
  return [
    bind(recycleListCall, ({ page, limit, search }, ctx) => s.recycle.list(actingAccount(ctx), page, limit, search)),
    bind(recycleRestoreCall, async ({ ids }, ctx) => ({ changed: await s.recycle.restore(actingAccount(ctx), ids) })),
    bind(recyclePurgeCall, async ({ ids }, ctx) => ({ changed: await s.recycle.purge(actingAccount(ctx), ids) })),
    bind(recycleEmptyCall, async (_payload, ctx) => ({ changed: await s.recycle.empty(actingAccount(ctx)) })),
  ];
}
