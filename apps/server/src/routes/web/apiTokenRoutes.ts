import { apiTokenResetCall, apiTokenViewCall } from '@facet/contracts';
import { actingAccount } from '../../calls/context.ts';
import { bind, type CallBinding } from '../../calls/registerCalls.ts';
import type { Services } from '../../services/container.ts';

export function apiTokenRoutes(s: Services): CallBinding[] {
  return [
    bind(apiTokenViewCall, async ({ passwd }, ctx) => ({ token: await s.apiTokens.view(actingAccount(ctx), passwd) })),
    bind(apiTokenResetCall, async ({ passwd }, ctx) => s.apiTokens.reset(actingAccount(ctx), passwd)),
  ];
}
