import { accountSettingsGetCall, accountSettingsSetCall, bindCall, bindSendCall, feedbackCall, graphicsReportCall, rewardInfoCall } from '@facet/contracts';
import { actingAccount } from '../../calls/context.ts';
import { bind, type CallBinding } from '../../calls/registerCalls.ts';
import type { Services } from '../../services/container.ts';

/** Feedback, the graphics report, binding an e-mail or phone, the promotion reward and global settings: the account's own small calls. */
export function accountExtrasRoutes(s: Services): CallBinding[] {
  return [
    bind(feedbackCall, async (input, ctx) => ({ id: await s.feedback.send(actingAccount(ctx), input) })),
    bind(graphicsReportCall, async (report, ctx) => {
      await s.repositories.graphics.save({
        account_id: actingAccount(ctx).id,
        screen_resolution: report.screenResolution,
        device_pixel_ratio: report.devicePixelRatio,
        user_agent: report.userAgent,
        webgl: report.webgldata ? JSON.stringify(report.webgldata) : null,
        reported_at: s.clock.now(),
      });
      return {};
    }),
    bind(bindSendCall, async ({ type, account }, ctx) => s.binding.sendCode(actingAccount(ctx), type, account, ctx.language, ctx.ip)),
    bind(bindCall, async ({ type, account, code }, ctx) => s.binding.bind(actingAccount(ctx), type, account, code)),
    bind(rewardInfoCall, async (_payload, ctx) => s.rewards.info(actingAccount(ctx), ctx.origin)),
    bind(accountSettingsGetCall, async (_payload, ctx) => ({ settings: await s.settings.get(actingAccount(ctx)) })),
    bind(accountSettingsSetCall, async ({ settings }, ctx) => ({ settings: await s.settings.save(actingAccount(ctx), settings) })),
  ];
}
