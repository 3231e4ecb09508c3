import {
  apiSyncCalls,
  profileLeaseActiveCall,
  profileLeaseBeatCall,
  profileLeaseReleaseCall,
  profileLeaseRenewCall,
  profileSyncCommitCall,
  profileSyncMissingCall,
  profileSyncRefuseCall,
  profileSyncRestoreCall,
  profileSyncVersionsCall,
} from '@facet/contracts';
import { actingAccount } from '../../calls/context.ts';
import { bind, type CallBinding } from '../../calls/registerCalls.ts';
import type { Services } from '../../services/container.ts';

/** The lease and the state sync's calls; the chunks themselves travel on syncChunkRoutes.ts. */
export function syncRoutes(s: Services): CallBinding[] {
  const web = [
    bind(profileSyncMissingCall, async ({ id, deviceKey, chunks }, ctx) => ({ missing: await s.sync.missing(actingAccount(ctx), id, deviceKey, chunks) })),
    bind(profileSyncCommitCall, (input, ctx) => s.sync.commit(actingAccount(ctx), input)),
    bind(profileSyncVersionsCall, async ({ id }, ctx) => ({ list: await s.sync.versions(actingAccount(ctx), id) })),
    bind(profileSyncRestoreCall, async ({ id, versionId }, ctx) => ({ version: await s.sync.restore(actingAccount(ctx), id, versionId) })),
    bind(profileSyncRefuseCall, async (input, ctx) => ({ head: await s.sync.refuse(actingAccount(ctx), input) })),
    bind(profileLeaseRenewCall, async ({ id, deviceKey }, ctx) => ({ expiresAt: await s.leases.renewFor(actingAccount(ctx), id, deviceKey) })),
    bind(profileLeaseBeatCall, async ({ ids, deviceKey }, ctx) => ({ leases: await s.leases.beat(actingAccount(ctx), deviceKey, ids) })),
    bind(profileLeaseReleaseCall, async ({ id, deviceKey }, ctx) => ({ released: await s.leases.releaseFor(actingAccount(ctx), id, deviceKey) })),
    bind(profileLeaseActiveCall, async ({ ids }, ctx) => ({ list: await s.leases.activeFor(actingAccount(ctx), ids) })),
  ];
  // API-token twins (the agent signed in with FACET_API_TOKEN) answer exactly as the console's calls do.
  const twins = apiSyncCalls.map((api) => ({ call: api, handler: web.find((b) => b.call.path === api.path)!.handler }));
  return [...web, ...twins];
}
