import { apiMemberCall, memberCall } from '@facet/contracts';
import { actingAccount } from '../../calls/context.ts';
import { bind, type CallBinding } from '../../calls/registerCalls.ts';
import type { Services } from '../../services/container.ts';

export function memberRoutes(s: Services): CallBinding[] {
  return [
    bind(memberCall, async (_payload, ctx) => ({ member: await s.accounts.member(actingAccount(ctx)) })),
    bind(apiMemberCall, async (_payload, ctx) => ({ member: await s.accounts.member(actingAccount(ctx)) })),
  ];
}
