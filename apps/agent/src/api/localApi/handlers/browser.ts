import { profileRefOf, resolveLanguage, startRequestOfV1, startRequestOfV2, type ProfileRef, type StartRequest, type StartedBrowser } from '@facet/contracts';
import { parseCommandLine } from '../../../browser/launch/commandLineSwitches.ts';
import { tellsPeerUser } from '../../../net/peerUid.ts';
import type { LocalContext, LocalHandlers } from '../context.ts';
import { LocalApiFailure } from '../failures.ts';

/**
 * Starting, stopping and finding profiles' browsers (v1 and v2): thin, each forwards to the
 * agent's RunningProfiles, which keeps one browser per profile whoever asks.
 */

/** launch_args: allowlisted switches, and web pages to open; anything else refuses the start before it begins. */
function splitLaunchArgs(args: readonly string[]): { switches: string[]; pages: string[] } {
  const pages = args.filter((arg) => /^https?:\/\/\S+$/i.test(arg));
  const switches = args.filter((arg) => !pages.includes(arg));
  const { refused } = parseCommandLine(switches.join(' '));
  const spaced = switches.filter((arg) => /\s/.test(arg));
  if (refused.length > 0 || spaced.length > 0) throw new LocalApiFailure('launch_args_refused', 200, { refused: [...new Set([...refused, ...spaced])] });
  return { switches, pages };
}

async function start(request: StartRequest, ctx: LocalContext): Promise<StartedBrowser> {
  const { switches, pages } = splitLaunchArgs(request.launchArgs);
  const id = await ctx.profileId(request.profile);
  const status = await ctx.running.start(id, {
    headless: request.headless,
    // Not said: open as AdsPower's, but only where no other user of the machine could come in by
    // host:port alone (fromOwnUser cannot tell elsewhere, and lets everyone through there).
    openDebugPort: request.selenium ?? tellsPeerUser(),
    launchArgs: switches,
    extraTabs: pages,
    openStartPage: request.openStartPage,
    ...(request.ipTab === undefined ? {} : { ipTab: request.ipTab }),
    clearCacheAfterClosing: request.clearCacheAfterClosing,
  });
  const attached = await ctx.attach(status);
  // The script learns which stored cookies its browser went without (issue 34).
  const started = status.skippedCookies.length > 0 ? { ...attached, skipped_cookies: status.skippedCookies } : attached;
  // cdp_mask=0: the same endpoint, told to let this client through unmasked (browser/cdp/cdpMask.ts).
  return request.cdpMask || !started.ws.puppeteer ? started : { ...started, ws: { ...started.ws, puppeteer: `${started.ws.puppeteer}?cdp_mask=0` } };
}

/** Many profiles through the agent's batches (three at a time over the machine), answered at the end. */
async function batch(action: 'start' | 'stop', body: { user_ids: string[]; headless?: boolean | undefined }, ctx: LocalContext) {
  if (!ctx.batches) throw new LocalApiFailure('not_found', 404);
  // Refused at once without an account, rather than as one failure per profile.
  if (action === 'start') ctx.account();
  const ended = await ctx.batches().run(action, body.user_ids, { headless: body.headless === true });
  return { results: ended.results.map((r) => ({ user_id: r.profileId, outcome: r.outcome, ...(r.reason ? { reason: r.reason } : {}) })) };
}

async function stop(ref: ProfileRef, ctx: LocalContext): Promise<undefined> {
  if (!(await ctx.running.stop(await ctx.profileId(ref)))) throw new LocalApiFailure('browser_not_running');
  return undefined;
}

async function active(ref: ProfileRef, ctx: LocalContext) {
  const status = ctx.running.status(await ctx.profileId(ref));
  return status?.state === 'running' ? { status: 'Active' as const, ...(await ctx.attach(status)) } : { status: 'Inactive' as const };
}

export const browserHandlers: Pick<LocalHandlers, 'status' | 'statusV1' | 'startV1' | 'startV2' | 'stopV1' | 'stopV2' | 'stopAll' | 'activeV1' | 'activeV2' | 'localActive' | 'check' | 'startBatch' | 'stopBatch'> = {
  status: async () => undefined,
  statusV1: async () => undefined,
  startV1: (query, ctx) => start(startRequestOfV1(query), ctx),
  startV2: (body, ctx) => start(startRequestOfV2(body), ctx),
  stopV1: (query, ctx) => stop(profileRefOf(query)!, ctx),
  stopV2: (body, ctx) => stop(profileRefOf(body)!, ctx),
  stopAll: async (_input, ctx) => {
    const running = ctx.running.list().length;
    await ctx.running.stopAll();
    return { code: 0, msg: 'success', stopped: running };
  },
  activeV1: (query, ctx) => active(profileRefOf(query)!, ctx),
  activeV2: (query, ctx) => active(profileRefOf(query)!, ctx),
  localActive: async (_input, ctx) => ({
    list: await Promise.all(ctx.running.list().filter((s) => s.state === 'running').map(async (s) => ({ user_id: s.profileId, ...(await ctx.attach(s)) }))),
  }),
  startBatch: (body, ctx) => batch('start', body, ctx),
  stopBatch: (body, ctx) => batch('stop', body, ctx),
  check: async (query, ctx) => {
    if (!ctx.checkFingerprint) throw new LocalApiFailure('not_found', 404);
    // `lang`: a locale tag (de, zh-CN) or the console's language number; English otherwise.
    return ctx.checkFingerprint(await ctx.profileId(profileRefOf(query)!), resolveLanguage(query.lang ?? 'en-US').tag, { headless: query.headless === true });
  },
};

