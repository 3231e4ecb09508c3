import path from 'node:path';
import { ApiError } from '@facet/api-client';
import { Code, limits, profileLeaseSchema, resolveLanguage, type Kernel, type Profile } from '@facet/contracts';
import type { GeoFacts } from '../browser/proxy/geoIp.ts';
import { launchBrowser } from '../browser/launch/launchBrowser.ts';
import { launchTrace, tracesLaunches } from '../browser/launch/launchTrace.ts';
import { startVirtualDisplay, type VirtualDisplay } from '../browser/machine/virtualDisplay.ts';
import type { PluginCache } from '../plugins/pluginCache.ts';
import { clearCaches } from '../storage/cacheCleaner.ts';
import type { DeviceKey } from '../storage/deviceKey.ts';
import { writeProfileExtensions } from '../plugins/profileExtensions.ts';
import type { LeaseBeats } from './leaseBeat.ts';
import type { ProfileSource } from './profileSource.ts';
import { runProfileState, type StateEvents } from './profileStateRun.ts';
import { prepareProfileState } from './profileStateStart.ts';
import type { StateSaves } from './stateSaves.ts';
import { profileForStart } from './profileForStart.ts';
import { ensureDiskSpace } from './startChecks.ts';
import { NoAccountError, StartFailure } from '../startFailure.ts';
import type { LaunchedProfile, StartOptions } from './runningProfiles.ts';
import type { CheckedBrowser } from '../check/checkServer.ts';

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
  /** Sync progress, conflicts, a lost lease and ended access, pushed to the console. */
  stateEvents: StateEvents;
  /** The machine's one heartbeat for every profile it runs (core/leaseBeat.ts). */
  leases: LeaseBeats;
  /** The fingerprint check (check/checkServer.ts), for profiles whose start page it is. */
  checks: { open(browser: CheckedBrowser, lang: string): Promise<{ url: string }> };
  log: (line: string) => void;
}

/** What a start leaves for the caller: the browser and the profile as it runs. */
type LaunchedStart = LaunchedProfile & { profile: Profile };

/**
 * One profile start, from the ask to the running browser: checks the disk, fetches the
 * profile's launch from the server (secrets sealed to this device), makes the profile as this
 * start runs it (profileForStart.ts), verifies its plugins and brings its state while the
 * browser is prepared, launches it (browser/launch/launchBrowser.ts), and records that it was
 * opened. Headful browsers need a display: without one, the agent starts its own Xvfb once and
 * shares it. A profile whose start page is the fingerprint check gets the check once it runs.
 */
export class ProfileLauncher {
  private display: Promise<VirtualDisplay> | null = null;
  private readonly needsDisplay = !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;

  constructor(
    private readonly source: () => ProfileSource | null,
    private readonly settings: LauncherSettings,
  ) {}

  async launch(profileId: string, options: StartOptions): Promise<LaunchedStart> {
    const { settings } = this;
    const from = this.source();
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
    let launched: LaunchedStart & { checkAtStart: boolean };
    try {
      launched = await this.launchHeld({ profileId, options, from, ticket, profilesDir, releaseLease, mark });
      if (trace) settings.log(`profile ${profileId}: start steps (ms): ${trace.line()}`);
    } catch (error) {
      await releaseLease().catch((release: unknown) => settings.log(`profile ${profileId}: could not release its lease: ${String(release)}`));
      throw error;
    }
    // The fingerprint check as start page: it opens once the browser runs, in the profile's own
    // language where the console has it.
    if (launched.checkAtStart) {
      void settings.checks
        .open(launched, resolveLanguage(launched.profile.language.split(',')[0] ?? '').tag)
        .then((check) => launched.openTab(check.url))
        .catch((error: unknown) => settings.log(`profile ${profileId}: the check page did not open: ${String(error)}`));
    }
    return launched;
  }

  async close(): Promise<void> {
    if (this.display) await (await this.display.catch(() => null))?.stop();
  }

  private async launchHeld(start: HeldStart): Promise<LaunchedStart & { checkAtStart: boolean }> {
    const { settings } = this;
    const { profileId, options, from, ticket, profilesDir, releaseLease, mark } = start;
    // The secrets travel sealed to this device; they join the profile only here, in the agent.
    const secrets = settings.deviceKey.open(ticket.sealed, profileId);
    const { profile, kernel, pages, launchArgs, kernelReplaced } = profileForStart(ticket.profile, secrets, await settings.kernels(), options, settings.ipCheckUrl);
    if (kernelReplaced) settings.log(`profile ${profileId}: kernel ${ticket.profile.kernelVersion} is not installed; runs on ${kernel.product} ${kernel.version}`);
    // Every assigned plugin verified before anything is spawned: one that fails stops the start,
    // rather than opening the profile without what its user relies on.
    // A shared profile loads none of its owner's plugins on this machine: the server answers it an
    // empty list, and the agent does not ask, so one guard failing is not enough.
    const verifiedPlugins = async () => {
      const assigned = profile.sharer === null ? await from.plugins(profileId) : [];
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
        syncOptions: profile.sync,
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
    const headless = options.headless === true && !options.display;
    let env: NodeJS.ProcessEnv = process.env;
    let windowAt: { left: number; top: number } | undefined;
    if (options.display) {
      // The profile's screen as the identity reads it (browser/launch/identity.ts): display and window alike.
      const [width, height] = profile.resolution.split('x').map(Number) as [number, number];
      env = { ...process.env, ...(await options.display({ width, height })) };
      windowAt = { left: 0, top: 0 };
      mark('display');
    } else if (!headless && this.needsDisplay) {
      this.display ??= startVirtualDisplay();
      env = { ...process.env, DISPLAY: (await this.display).display };
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
      ...(windowAt ? { windowAt } : {}),
      env,
      extensions: (dir) => writeProfileExtensions(dir, plugins),
      onError: (error) => settings.log(`profile ${profileId}: ${String(error)}`),
      // Saved as whoever opened it; if that session has ended meanwhile, the stop still completes.
      saveCookies: (cookies) => from.saveCookies(profileId, cookies.slice(0, limits.cookiesPerProfile), ticket.grant),
      trace: mark,
    });
    runProfileState({
      profileId,
      profileName: profile.name,
      state,
      openTabs: () => launched.openTabs(),
      exited: launched.exited,
      close: () => launched.stop(),
      holdLease: (watch) => settings.leases.hold(profileId, watch),
      releaseLease,
      events: settings.stateEvents,
      saves: settings.saves,
      log: settings.log,
    });
    if (options.clearCacheAfterClosing) {
      void launched.exited.then(() => clearCaches(userDataDir)).catch((error: unknown) => settings.log(`profile ${profileId}: could not clear its caches after closing: ${String(error)}`));
    }
    // The tabs open at the last save come back after the start page (unless the start asked for a blank one).
    const reopened = options.openStartPage === false ? [] : tabs.filter((url) => url !== pages.first && !pages.more.includes(url));
    for (const url of [...pages.more, ...reopened]) await launched.openTab(url).catch((error: unknown) => settings.log(`profile ${profileId}: could not open ${url}: ${String(error)}`));
    // Only a browser that started counts as a use of the profile; a failure here loses only the time.
    await from.opened(profileId).catch((error: unknown) => settings.log(`profile ${profileId}: could not record the last-used time: ${String(error)}`));
    if (launched.skippedCookies.length > 0) settings.log(`profile ${profileId}: started without ${launched.skippedCookies.length} stored cookies the browser refuses (numbers ${launched.skippedCookies.map((c) => c.index + 1).join(', ')})`);
    if (launched.refusedSwitches.length > 0) settings.log(`profile ${profileId}: command-line switches not applied: ${launched.refusedSwitches.join(' ')}`);
    // Started all the same (a contradiction is the user's to resolve); Check fingerprint shows them in words.
    if (launched.contradictions.length > 0) settings.log(`profile ${profileId}: contradictions on this computer: ${launched.contradictions.map((c) => c.code).join(', ')}`);
    return { ...launched, profile, checkAtStart: pages.check };
  }
}

/** A start that holds the profile's lease: what its steps after the ticket share. */
interface HeldStart {
  profileId: string;
  options: StartOptions;
  from: ProfileSource;
  ticket: Awaited<ReturnType<ProfileSource['launch']>>;
  profilesDir: string;
  releaseLease: () => Promise<void>;
  mark: (step: string) => void;
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
