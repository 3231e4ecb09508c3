import { operationLogListCall } from '@facet/contracts';
import { actingAccount } from '../../calls/context.ts';
import { bind, type CallBinding } from '../../calls/registerCalls.ts';
import type { Services } from '../../services/container.ts';

export function operationLogRoutes(s: Services): CallBinding[] {
  return [bind(operationLogListCall, async (query, ctx) => s.operationLog.search(actingAccount(ctx), query))];
}
