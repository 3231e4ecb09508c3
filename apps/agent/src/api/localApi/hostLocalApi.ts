import type { LocalRouteId } from '@facet/contracts';
import type { BrowserStatus, LaunchedProfile } from '../../core/runningProfiles.ts';
import type { LocalApiDeps, LocalBrowsers, LocalHandlers } from './context.ts';
import { LocalApiFailure } from './failures.ts';
import { localHandlers, startLocalApi, type LocalApi } from './server.ts';

/**
 * What a host's runs show its local API (host/hostRuns.ts): the browsers up, by profile, as the
 * desktop agent's RunningProfiles shows its own. The host room implements it without importing
 * this one (both stand on one floor); the host's process (hostMain.ts) joins the two.
 */
export interface HostBrowsers {
  status(profileId: string): BrowserStatus | null;
  browser(profileId: string): LaunchedProfile | null;
  list(): BrowserStatus[];
}

export interface HostLocalApiDeps extends Pick<LocalApiDeps, 'key' | 'password' | 'keyless' | 'webdriver' | 'version'> {
  browsers: HostBrowsers;
}

/** The paths a host answers: whether it answers, and where a script attaches to a browser it runs. */
const HOST_ROUTES: ReadonlySet<LocalRouteId> = new Set(['status', 'statusV1', 'activeV1', 'activeV2', 'localActive']);

const hostRunsOnly = (): never => {
  throw new LocalApiFailure('host_runs_only');
};

/**
 * Every other path of the table answers `host_runs_only`: a host's profiles start and stop from
 * the console (remote/open), as the person who opened them; the host acts as no account of its own.
 */
const hostHandlers = Object.fromEntries(
  (Object.keys(localHandlers) as LocalRouteId[]).map((id) => [id, HOST_ROUTES.has(id) ? localHandlers[id] : async () => hostRunsOnly()]),
) as LocalHandlers;

/**
 * The local automation API of a host: the desktop agent's server, guard and answers, so a script
 * on the host attaches to the profiles it runs for remote use (`browser/active`, `local-active`:
 * `ws.puppeteer`, `debug_port`, `webdriver`) the AdsPower way, and changes nothing.
 */
export function startHostLocalApi(deps: HostLocalApiDeps, port: number, bindIp = '127.0.0.1'): Promise<LocalApi> {
  const { browsers, ...guarded } = deps;
  const running: LocalBrowsers = {
    isRunning: (profileId) => browsers.status(profileId) !== null,
    status: (profileId) => browsers.status(profileId),
    browser: (profileId) => browsers.browser(profileId),
    list: () => browsers.list(),
    start: async () => hostRunsOnly(),
    stop: async () => hostRunsOnly(),
    stopAll: async () => hostRunsOnly(),
  };
  // No account: a profile named by its number answers `no_account`; by id, it is found among the runs.
  return startLocalApi({ ...guarded, running, source: () => null }, port, bindIp, hostHandlers);
}
