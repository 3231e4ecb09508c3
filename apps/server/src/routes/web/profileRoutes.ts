import {
  apiProfileCalls,
  apiProfileShareCall,
  apiProfileLaunchCall,
  profileLaunchCall,
  profileExportCall,
  profileImportCall,
  shareMembersCall,
  sharePermissionCall,
  fingerprintGenerateCall,
  profileBatchCreateCall,
  profileCreateCall,
  profileDeleteCall,
  profileDetailCall,
  profileListCall,
  profileMoveGroupCall,
  profileOpenedCall,
  profileCookiesCall,
  profileRemarkCall,
  profileShareCall,
  profileTransferCall,
  profileUnshareCall,
  profileUpdateCall,
  sharedListCall,
} from '@facet/contracts';
import { actingAccount } from '../../calls/context.ts';
import { bind, type CallBinding } from '../../calls/registerCalls.ts';
import type { Services } from '../../services/container.ts';

export function profileRoutes(s: Services): CallBinding[] {
  const web = [
    bind(profileListCall, (query, ctx) => s.profiles.list(actingAccount(ctx), query)),
    bind(sharedListCall, (query, ctx) => s.profiles.listShared(actingAccount(ctx), query)),
    bind(profileDetailCall, async ({ id }, ctx) => ({ profile: await s.profiles.detail(actingAccount(ctx), id) })),
    bind(profileCreateCall, async ({ settings }, ctx) => ({ profile: await s.profiles.create(actingAccount(ctx), settings) })),
    bind(profileUpdateCall, async ({ id, settings }, ctx) => ({ profile: await s.profiles.update(actingAccount(ctx), id, settings) })),
    bind(profileBatchCreateCall, async (input, ctx) => ({ ids: await s.profiles.batchCreate(actingAccount(ctx), input) })),
    bind(profileMoveGroupCall, async ({ ids, groupId }, ctx) => ({ changed: await s.profiles.moveGroup(actingAccount(ctx), ids, groupId) })),
    bind(profileRemarkCall, async ({ ids, remark }, ctx) => ({ changed: await s.profiles.setRemark(actingAccount(ctx), ids, remark) })),
    bind(profileDeleteCall, async ({ ids }, ctx) => ({ changed: await s.recycle.delete(actingAccount(ctx), ids) })),
    bind(profileShareCall, (input, ctx) =>
      s.sharing.share(actingAccount(ctx), input.ids, input.mode === 'accounts' ? { mode: 'accounts', accounts: input.accounts } : { mode: 'subAccounts' }, input.permission),
    ),
    bind(shareMembersCall, async ({ ids }, ctx) => ({ list: await s.sharing.members(actingAccount(ctx), ids) })),
    bind(sharePermissionCall, async ({ ids, accountIds, permission }, ctx) => ({ changed: await s.sharing.setPermission(actingAccount(ctx), ids, accountIds, permission) })),
    bind(profileUnshareCall, async ({ ids, accountIds }, ctx) => ({ changed: await s.sharing.unshare(actingAccount(ctx), ids, accountIds) })),
    bind(profileTransferCall, async ({ ids, account, passwd }, ctx) => ({ changed: await s.sharing.transfer(actingAccount(ctx), ids, account, passwd) })),
    bind(profileExportCall, async ({ ids }, ctx) => ({ profiles: await s.profileFiles.exportProfiles(actingAccount(ctx), ids) })),
    bind(profileImportCall, async ({ profiles }, ctx) => ({ ids: await s.profileFiles.importProfiles(actingAccount(ctx), profiles) })),
    bind(profileLaunchCall, async ({ id, deviceKey, deviceName }, ctx) => s.profiles.launch(actingAccount(ctx), id, deviceKey, deviceName, new URL(ctx.origin).hostname)),
    bind(fingerprintGenerateCall, async ({ os, kernelVersion }, ctx) => {
      actingAccount(ctx);
      return { suggestion: await s.profiles.suggest(os, kernelVersion) };
    }),
    bind(profileOpenedCall, async ({ id }, ctx) => ({ lastUsedAt: await s.profiles.opened(actingAccount(ctx), id) })),
    bind(profileCookiesCall, async ({ id, cookies, grant }, ctx) => ({ saved: await s.profiles.saveCookies(actingAccount(ctx), id, cookies, grant) })),
  ];
  // API-token twins answer exactly as the console's calls do.
  const twins = [...apiProfileCalls, apiProfileLaunchCall, apiProfileShareCall].map((api) => ({ call: api, handler: web.find((b) => b.call.path === api.path)!.handler }));
  return [...web, ...twins];
}
