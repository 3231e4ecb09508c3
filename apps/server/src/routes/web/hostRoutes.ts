import { hostEnrollCall, hostListCall, hostRemoveCall } from '@facet/contracts';
import { actingAccount } from '../../calls/context.ts';
import { bind, type CallBinding } from '../../calls/registerCalls.ts';
import type { Services } from '../../services/container.ts';

export function hostRoutes(s: Services): CallBinding[] {
  return [
    bind(hostListCall, async ({ profileId }, ctx) => {
      const actor = actingAccount(ctx);
      const ownerTeam = profileId ? await s.remoteRuns.ownerTeamOf(actor, profileId) : null;
      return { list: await s.hosts.list(actor, ownerTeam ? [ownerTeam] : []) };
    }),
    bind(hostEnrollCall, async ({ passwd, name }, ctx) => s.hosts.enroll(actingAccount(ctx), passwd, name)),
    bind(hostRemoveCall, async ({ id, passwd }, ctx) => {
      await s.hosts.remove(actingAccount(ctx), id, passwd);
      return {};
    }),
  ];
}
