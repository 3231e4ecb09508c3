import { remoteControlCall, remoteListCall, remoteOpenCall, remoteStopCall, remoteTicketCall } from '@facet/contracts';
import { actingAccount, actingSession } from '../../calls/context.ts';
import { bind, type CallBinding } from '../../calls/registerCalls.ts';
import type { Services } from '../../services/container.ts';

export function remoteRoutes(s: Services): CallBinding[] {
  return [
    bind(remoteOpenCall, async ({ profileId, hostId }, ctx) => ({ run: await s.remoteRuns.open(actingAccount(ctx), profileId, hostId) })),
    bind(remoteListCall, async ({ runId }, ctx) => ({ list: await s.remoteRuns.list(actingAccount(ctx), runId) })),
    bind(remoteTicketCall, async ({ runId }, ctx) => s.remoteRuns.ticket(actingAccount(ctx), actingSession(ctx).id, runId)),
    bind(remoteControlCall, async ({ runId, viewerId, action, to }, ctx) => ({ run: await s.remoteRuns.control(actingAccount(ctx), runId, viewerId, action, to) })),
    bind(remoteStopCall, async ({ runId }, ctx) => {
      await s.remoteRuns.stop(actingAccount(ctx), runId);
      return {};
    }),
  ];
}
