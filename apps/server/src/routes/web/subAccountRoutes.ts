import { subAccountCreateCall, subAccountDeleteCall, subAccountListCall, subAccountUpdateCall } from '@facet/contracts';
import { actingAccount } from '../../calls/context.ts';
import { bind, type CallBinding } from '../../calls/registerCalls.ts';
import type { Services } from '../../services/container.ts';

export function subAccountRoutes(s: Services): CallBinding[] {
  return [
    bind(subAccountListCall, async (_payload, ctx) => ({ list: await s.subAccounts.list(actingAccount(ctx)) })),
    bind(subAccountCreateCall, async (input, ctx) => ({ subAccount: await s.subAccounts.create(actingAccount(ctx), input) })),
    bind(subAccountUpdateCall, async ({ id, ...change }, ctx) => ({ subAccount: await s.subAccounts.update(actingAccount(ctx), id, change) })),
    bind(subAccountDeleteCall, async ({ id, passwd }, ctx) => ({ deletedProfiles: await s.subAccounts.delete(actingAccount(ctx), id, passwd) })),
  ];
}
