import path from 'node:path';
import { ApiError } from '@facet/api-client';
import { Code, limits, profileLeaseSchema, START_PAGE_CHECK, START_PAGE_IP, type Kernel, type Profile } from '@facet/contracts';
import type { GeoFacts } from '../browser/proxy/geoIp.ts';
import { parseCommandLine } from '../browser/launch/commandLineSwitches.ts';
import { launchBrowser } from '../browser/launch/launchBrowser.ts';
import { launchTrace, tracesLaunches } from '../browser/launch/launchTrace.ts';
import { startVirtualDisplay, type VirtualDisplay } from '../browser/machine/virtualDisplay.ts';
import type { PluginCache } from '../plugins/pluginCache.ts';
import { clearCaches } from '../storage/cacheCleaner.ts';
import type { DeviceKey } from '../storage/deviceKey.ts';
import { writeProfileExtensions } from '../plugins/profileExtensions.ts';
import type { ProfileSource } from './profileSource.ts';
import { runProfileState, type StateEvents } from './profileStateRun.ts';
import { prepareProfileState } from './profileStateStart.ts';
import type { StateSaves } from './stateSaves.ts';
import { alignToKernel, ensureDiskSpace } from './startChecks.ts';
import { NoAccountError, StartFailure } from './startFailure.ts';
import type { LaunchedProfile, StartOptions } from './runningProfiles.ts';

/** Switches for tests: nothing a profile browser resolves may leave loopback (architecture). */
export const loopbackOnlyArgs = [
  '--disable-gpu',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1',
  // Local test pages must go through the profile's proxy too, so tests can see that they do.
  '--proxy-bypass-list=<-loopback>',
];

export interface LauncherSettings {
  /** The installed kernels, the default first (browser/machine/kernels.ts). */
  kernels: () => Promise<Kernel[]>;
  /** Read at every start: a new profile directory applies to the profiles started after it. */
  profilesDir: () => string;
  /** Copies of kernels that report another platform (browser/machine/platformBuild.ts). */
  platformBuilds: string;
  /** GB that must stay free on the profile directory's disk (local settings). */
  diskMinLimitGb: () => number;
  ipCheckUrl: string;
  loopbackOnly: boolean;
  geo: (ip: string) => Promise<GeoFacts | null>;
  /** What the server seals launch secrets to (storage/deviceKey.ts). */
  deviceKey: DeviceKey;
  /** Verified plugin zips by content hash (plugins/pluginCache.ts). */
  plugins: PluginCache;
  /** This computer's name as the team sees it ("running on …"). */
  deviceName: string;
  /** Saves of profiles' state still going up from this machine: a start waits for its profile's. */
  saves: StateSaves;
  /** Sync progress, conflicts and a lost lease, pushed to the console. */
  stateEvents: StateEvents;
  log: (line: string) => void;
}

/**
 * Checks the disk, fetches the profile's launch from the server (secrets sealed to this device),
 * picks the kernel its `kernelVersion` names, launches it, and records that it was opened.
 * Headful browsers need a display: without one, the agent starts its own Xvfb once and shares it.
 */
export function profileLauncher(source: () => ProfileSource | null, settings: LauncherSettings) {
  let display: Promise<VirtualDisplay> | null = null;
  const needsDisplay = !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;

  const launch = async (profileId: string, options: StartOptions): Promise<LaunchedProfile & { profile: Profile; checkAtStart: boolean }> => {
    const from = source();
    if (!from) throw new NoAccountError();
    const trace = tracesLaunches() ? launchTrace() : null;
    const mark = trace?.mark ?? (() => {});
    const profilesDir = settings.profilesDir();
    await ensureDiskSpace(profilesDir, settings.diskMinLimitGb());
    mark('disk');
    // The last session's state may still be going up: download nothing over it.
    await settings.saves.settled(profileId);
    mark('saves');
    const ticket = await from.launch(profileId, settings.deviceKey.publicKey, settings.deviceName).catch((error: unknown) => {
      throw launchRefusal(profileId, error);
    });
    mark('ticket');
    // The lease is this machine's from here: given back if the start goes no further.
    const releaseLease = () => from.releaseLease(profileId, settings.deviceKey.publicKey);
    try {
      const launched = await launchHeld(profileId, options, from, ticket, profilesDir, releaseLease, mark);
      if (trace) settings.log(`profile ${profileId}: start steps (ms): ${trace.line()}`);
      return launched;
    } catch (error) {
      await releaseLease().catch((release: unknown) => settings.log(`profile ${profileId}: could not release its lease: ${String(release)}`));
      throw error;
    }
  };

  const launchHeld = async (profileId: string, options: StartOptions, from: ProfileSource, ticket: Awaited<ReturnType<ProfileSource['launch']>>, profilesDir: string, releaseLease: () => Promise<void>, mark: (step: string) => void) => {
    // The secrets travel sealed to this device; they join the profile only here, in the agent.
    const secrets = settings.deviceKey.open(ticket.sealed, profileId);
    const stored: Profile = { ...ticket.profile, proxy: { ...ticket.profile.proxy, username: secrets.proxyUsername, password: secrets.proxyPassword }, cookies: secrets.cookies };
    const aligned = alignToKernel(await settings.kernels(), stored);
    const { kernel } = aligned;
    // Facet's own start pages: the IP check is the service the agent asks; the fingerprint check
    // page needs the running browser, so the browser starts blank and the check opens after.
    const pages = startPages(aligned.profile.startPage, settings.ipCheckUrl, options);
    const checkAtStart = pages.check;
    const startPage = pages.first;
    // A start's own switches take the place of the profile's (as AdsPower's launch_args do).
    const launchArgs = parseCommandLine((options.launchArgs ?? []).join(' ')).accepted;
    const withPage = startPage === aligned.profile.startPage ? aligned.profile : { ...aligned.profile, startPage };
    const profile = launchArgs.length > 0 ? { ...withPage, fingerprint: { ...withPage.fingerprint, commandLine: '' } } : withPage;
    if (aligned.profile !== stored) settings.log(`profile ${profileId}: kernel ${stored.kernelVersion} is not installed; runs on ${kernel.product} ${kernel.version}`);
    // Every assigned plugin verified before anything is spawned: one that fails stops the start,
    // rather than opening the profile without what its user relies on.
    // A shared profile loads none of its owner's plugins on this machine: the server answers it an
    // empty list, and the agent does not ask, so one guard failing is not enough.
    const verifiedPlugins = async () => {
      const assigned = stored.sharer === null ? await from.plugins(profileId) : [];
      const verified = await Promise.all(assigned.map((plugin) => settings.plugins.verified(plugin, (p) => from.downloadPlugin(p))));
      mark('plugins');
      return verified;
    };
    const userDataDir = path.join(profilesDir, profileId);
    const preparedState = async () => {
      const prepared = await prepareProfileState({
        profileId,
        userDataDir,
        syncKey: secrets.syncKey,
        syncOptions: stored.sync,
        head: ticket.syncHead,
        transport: from.syncTransport(settings.deviceKey.publicKey),
        events: settings.stateEvents,
        log: settings.log,
      });
      mark('state');
      return prepared;
    };
    // The two ask the server independently; both are settled before a failure of either is
    // reported, so no download goes on into the folder of a start that has failed.
    const [plugins, prepared] = await bothSettled(verifiedPlugins(), preparedState());
    const { state, tabs } = prepared;
    const headless = options.headless === true;
    let env: NodeJS.ProcessEnv = process.env;
    if (!headless && needsDisplay) {
      display ??= startVirtualDisplay();
      env = { ...process.env, DISPLAY: (await display).display };
      mark('display');
    }
    const launched = await launchBrowser(profile, {
      chromium: kernel.path,
      platformBuilds: settings.platformBuilds,
      profilesDir,
      extraArgs: [...(settings.loopbackOnly ? loopbackOnlyArgs : []), ...launchArgs],
      ipCheckUrl: settings.ipCheckUrl,
      geo: settings.geo,
      headless,
      openDebugPort: options.openDebugPort === true,
      // A shared profile must not run its owner's command line on this machine.
      mayRunProfileCode: profile.sharer === null,
      env,
      extensions: (userDataDir) => writeProfileExtensions(userDataDir, plugins),
      onError: (error) => settings.log(`profile ${profileId}: ${String(error)}`),
      // Saved as whoever opened it; if that session has ended meanwhile, the stop still completes.
      saveCookies: (cookies) => from.saveCookies(profileId, cookies.slice(0, limits.cookiesPerProfile), ticket.grant),
      trace: mark,
    });
    runProfileState({
      profileId,
      state,
      openTabs: () => launched.openTabs(),
      exited: launched.exited,
      renewLease: () => from.renewLease(profileId, settings.deviceKey.publicKey),
      releaseLease,
      events: settings.stateEvents,
      saves: settings.saves,
      log: settings.log,
    });
    if (options.clearCacheAfterClosing) {
      void launched.exited.then(() => clearCaches(userDataDir)).catch((error: unknown) => settings.log(`profile ${profileId}: could not clear its caches after closing: ${String(error)}`));
    }
    // The tabs open at the last save come back after the start page (unless the start asked for a blank one).
    const reopened = options.openStartPage === false ? [] : tabs.filter((url) => url !== startPage && !pages.more.includes(url));
    for (const url of [...pages.more, ...reopened]) await launched.openTab(url).catch((error: unknown) => settings.log(`profile ${profileId}: could not open ${url}: ${String(error)}`));
    // Only a browser that started counts as a use of the profile; a failure here loses only the time.
    await from.opened(profileId).catch((error: unknown) => settings.log(`profile ${profileId}: could not record the last-used time: ${String(error)}`));
    if (launched.skippedCookies.length > 0) settings.log(`profile ${profileId}: started without ${launched.skippedCookies.length} stored cookies the browser refuses (numbers ${launched.skippedCookies.map((c) => c.index + 1).join(', ')})`);
    if (launched.refusedSwitches.length > 0) settings.log(`profile ${profileId}: command-line switches not applied: ${launched.refusedSwitches.join(' ')}`);
    // Started all the same (a contradiction is the user's to resolve); Check fingerprint shows them in words.
    if (launched.contradictions.length > 0) settings.log(`profile ${profileId}: contradictions on this computer: ${launched.contradictions.map((c) => c.code).join(', ')}`);
    return { ...launched, profile, checkAtStart };
  };

  return {
    launch,
    close: async () => {
      if (display) await (await display.catch(() => null))?.stop();
    },
  };
}

/** Both values, once both have settled; the first failure (in argument order) if either failed. */
async function bothSettled<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [first, second] = await Promise.allSettled([a, b]);
  if (first.status === 'rejected') throw first.reason;
  if (second.status === 'rejected') throw second.reason;
  return [first.value, second.value];
}

/** The server's refusal of a launch, as the start failure the console and the local API name. */
function launchRefusal(profileId: string, error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.code === Code.NOT_FOUND) return new StartFailure('notFound', `no profile ${profileId} for this account`);
  // Asked before anything is spawned: an expired plan stops the start here.
  if (error.code === Code.PLAN_EXPIRED) return new StartFailure('planExpired', 'the team\'s plan has expired');
  if (error.code === Code.PROFILE_OPEN_ELSEWHERE) {
    const lease = profileLeaseSchema.safeParse(error.data);
    const elsewhere = lease.success ? { device: lease.data.device, by: lease.data.by, since: lease.data.since } : null;
    return new StartFailure('openElsewhere', `open on ${elsewhere?.device ?? 'another computer'}`, null, elsewhere);
  }
  return error;
}

/**
 * The first tab's page and the tabs after it: the profile's start page (Facet's IP check stands
 * for the agent's IP check service; the fingerprint check opens once the browser runs), unless
 * the start asked for a blank tab, and the IP check page besides when asked (AdsPower's `ip_tab`).
 */
export function startPages(profileStartPage: string, ipCheckUrl: string, options: Pick<StartOptions, 'openStartPage' | 'ipTab' | 'extraTabs'>): { first: string; more: string[]; check: boolean } {
  if (options.openStartPage === false) return { first: '', more: [], check: false };
  const isIp = profileStartPage === START_PAGE_IP;
  const check = profileStartPage === START_PAGE_CHECK;
  const first = isIp ? (options.ipTab === false ? '' : ipCheckUrl) : check ? '' : profileStartPage;
  const more = [...(options.ipTab === true && !isIp ? [ipCheckUrl] : []), ...(options.extraTabs ?? [])];
  return { first, more, check };
}
