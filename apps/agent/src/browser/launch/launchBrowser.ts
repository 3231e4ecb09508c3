import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parsePortWhitelist, type Cookie, type Profile, type SkippedCookie } from '@facet/contracts';
import { StartFailure } from '../../startFailure.ts';
import { attachIdentity, type AttachedIdentity } from './attachIdentity.ts';
import { CdpConnection, CdpError } from '../cdp/cdp.ts';
import { startCdpEndpoint, type CdpEndpoint } from '../cdp/cdpEndpoint.ts';
import { CdpMux, type MuxIdentity } from '../cdp/cdpMux.ts';
import { fromCdpCookies } from '../cdp/cdpCookies.ts';
import { savableCookies, setStoredCookies } from './storedCookies.ts';
import { machineFonts } from '../machine/machineFonts.ts';
import type { GeoFacts } from '../proxy/geoIp.ts';
import { exitShapesSpawn, resolveIdentity } from './identity.ts';
import { planLaunch, type LaunchPlan } from './launchPlan.ts';
import { platformExecutable } from '../machine/platformBuild.ts';
import { webglImageDriver } from '../machine/webglImageDriver.ts';
import { machineFacts } from '../machine/machineFacts.ts';
import { updatePreferences, withoutSessionRestore, withWebrtcPolicy } from './profilePreferences.ts';
import { checkThroughHop, ProxyCheckError } from '../proxy/proxyCheck.ts';
import { startProxyHop, upstreamUrl, type ProxyHop } from '../proxy/proxyHop.ts';
import { killGroup, spawnChromiumWithPipe, type PipedChromium } from './spawnChromium.ts';
import { browserWindows, type BrowserWindows } from './windowBounds.ts';
import { watchOpenTabs } from './openTabs.ts';

interface LaunchSettings {
  chromium: string;
  /**
   * Where copies of `chromium` that report another platform are kept (platformBuild.ts), and the
   * WebGL image driver compiled for it (webglImageDriver.ts).
   */
  platformBuilds: string;
  /** Where each profile's user-data-dir lives (one folder per profile id). */
  profilesDir: string;
  /** Switches the operator adds to every browser (tests: the loopback-only resolver rules). */
  extraArgs: readonly string[];
  /** Asked through the proxy before launch: which exit address does the world see? */
  ipCheckUrl: string;
  headless: boolean;
  /**
   * Whether scripts may attach without the start's secret (Selenium's `debuggerAddress` cannot
   * carry one). Also when the profile names a fixed debugging port (and may run its owner's code).
   */
  openDebugPort: boolean;
  /** Whether the profile's own command line may be applied (never for a shared profile). */
  mayRunProfileCode: boolean;
  /** Where the window's top-left corner stands (chromiumArgs.ts); unset, the window manager places it. */
  windowAt?: { left: number; top: number };
  env: NodeJS.ProcessEnv;
  /** Writes the profile's plugins into its user-data-dir; the folders to load. */
  extensions: (userDataDir: string) => Promise<string[]>;
  /** A target that could not be given the identity (logged; the browser goes on). */
  onError: (error: unknown) => void;
  /** Where the proxy's exit is (offline GeoIP), for the options that follow it. */
  geo: (ip: string) => Promise<GeoFacts | null>;
  /** What the browser held at its stop, when the profile syncs cookies. */
  saveCookies: (cookies: Cookie[]) => Promise<void>;
  /** Told as each step of the start ends (launchTrace.ts): names only, never a value. */
  trace?: (step: LaunchStep) => void;
}

/** The steps of a start its trace names (the exit check may end before or after the spawn). */
type LaunchStep = 'hop' | 'exitChecked' | 'spawned' | 'devtoolsUp' | 'autoAttach' | 'browserCommands' | 'cookies' | 'targetCreated' | 'identityApplied' | 'navigating' | 'endpoint';

export interface LaunchedBrowser {
  /** The agent's DevTools WebSocket for this browser, with the start's secret (cdpEndpoint.ts). */
  endpoint: string;
  /** Chromium's main process, leader of its process group. */
  pid: number;
  /** The port of the agent's DevTools endpoint for this browser (Chromium itself has none). */
  debugPort: number;
  /** Whether the endpoint lets clients in without the secret (Selenium's host:port). */
  debugPortOpen: boolean;
  /** Opens that door on a browser started without it (a script's later start asks for Selenium's host:port). */
  openDebugDoor(): void;
  /** Switches of the profile's command line that were not applied. */
  refusedSwitches: string[];
  /** Stored cookies left out because the browser refuses them (storedCookies.ts); the start goes on without them. */
  skippedCookies: SkippedCookie[];
  /** Which channel carried each fingerprint field at this launch. */
  channels: LaunchPlan['channels'];
  /** What the profile claims that a site can see through on this computer. */
  contradictions: LaunchPlan['contradictions'];
  /** What every page of this launch must read (the fingerprint check compares with it). */
  identity: LaunchPlan['identity'];
  /** A new tab at `url`, given the identity before it loads, as the start page is. */
  openTab(url: string): Promise<void>;
  /** Lets this browser's pages reach the agent's own loopback `port` until the returned function is called. */
  allowAgentPort(port: number): () => void;
  /** Its windows, moved and sized through the agent's own connection ("arrange windows"). */
  windows: BrowserWindows;
  /**
   * The agent's own DevTools connection to it (the pipe's root, behind the mux): features that
   * drive its pages themselves (the synchronizer) attach their sessions here, where no client
   * and no page sees them, as the identity's sessions are.
   */
  connection: CdpConnection;
  /** The URLs of its open tabs as last seen (for the profile's tabs sync; blank and browser pages left out). */
  openTabs(): string[];
  /** Resolves when the browser has gone, however it went (stop, user closed it, crash). */
  exited: Promise<void>;
  stop(): Promise<void>;
}

/**
 * One profile's browser, from nothing to a first page that already has the profile's identity,
 * in named steps: proxy hop → exit check → plan (launchPlan.ts) → files → Chromium → identity
 * for every target → browser permissions and cookies, beside the first tab's set-up → start
 * page. The exit check runs beside Chromium's start unless the exit decides how Chromium starts
 * (time zone, languages); the first tab is created after it passes. A step that fails throws a
 * StartFailure naming why; what the earlier steps started is taken down again.
 */
export async function launchBrowser(profile: Profile, settings: LaunchSettings): Promise<LaunchedBrowser> {
  const trace = settings.trace ?? (() => {});
  const hop = await startHop(profile);
  trace('hop');
  let chromium: PipedChromium | null = null;
  let cdp: CdpConnection | null = null;
  let devtools: CdpEndpoint | null = null;
  try {
    const userDataDir = path.join(settings.profilesDir, profile.id);
    fs.mkdirSync(userDataDir, { recursive: true, mode: 0o700 });
    // The exit is checked from here on. Chromium waits for it only when the exit decides the time
    // zone or languages it starts with; otherwise it starts meanwhile, and either way no tab is
    // created before the check has passed.
    const exitCheck = upstreamUrl(profile.proxy) ? checkExit(profile, hop, settings).then((exit) => (trace('exitChecked'), exit)) : Promise.resolve(null);
    // Awaited below; a failure meanwhile (fonts, plugins) must not leave it unhandled.
    exitCheck.catch(() => {});
    const fp = profile.fingerprint;
    const asksFontconfig = (fp.fonts.mode === 'custom' && fp.fonts.list.length > 0) || fp.canvas === 'rendering';
    // Without fontconfig's answer the page script hides what it can (launchPlan.ts).
    const fonts = asksFontconfig ? machineFonts(settings.env).catch((error: unknown) => (settings.onError(error), null)) : null;
    const shapesSpawn = exitShapesSpawn(profile);
    // The profile's platform, reported by the build itself in every scope where a copy of the
    // build can be made to (platformBuild.ts); otherwise the page script stands in for workers.
    const platform = resolveIdentity(profile).platform;
    const log = (line: string) => settings.onError(new Error(line));
    const built = platformExecutable(settings.chromium, platform, settings.platformBuilds, log);
    const facts = machineFacts(settings.extraArgs);
    // Only software WebGL (SwiftShader) loads the driver: with a GPU nothing is compiled or looked up.
    const driver = fp.webglImage === 'noise' && facts.softwareGpu ? webglImageDriver(settings.chromium, settings.platformBuilds, log) : null;
    const [spawnExit, machine, extensions, executable, imageDriver] = await Promise.all([shapesSpawn ? exitCheck : null, fonts, settings.extensions(userDataDir), built, driver]);
    const context = {
      machine: executable === null ? facts : { ...facts, workerPlatform: platform },
      machineFonts: machine,
      baseFontConfig: baseFontConfig(settings.env),
      userDataDir,
      hopAddress: hop.address,
      extensions,
      headless: settings.headless,
      extraArgs: settings.extraArgs,
      mayRunProfileCode: settings.mayRunProfileCode,
      ...(settings.windowAt ? { windowAt: settings.windowAt } : {}),
      platformBuild: executable !== null && executable !== settings.chromium,
      webglImageDriver: imageDriver,
    };
    const spawnPlan = planLaunch(profile, spawnExit, context);
    writeFiles(spawnPlan, userDataDir, profile);
    chromium = spawnChromiumWithPipe(executable ?? settings.chromium, spawnPlan.args, { ...settings.env, ...spawnPlan.env });
    trace('spawned');
    const mux = new CdpMux(chromium.transport);
    const connection = new CdpConnection(mux.agentTransport());
    cdp = connection;
    const [exit] = await Promise.all([exitCheck, cameUp(connection, chromium).then(() => trace('devtoolsUp'))]);
    // The exit's coordinates reach the CDP overrides; the command line, environment and files are
    // the same in both plans (launchPlan.test.ts).
    const plan = shapesSpawn || exit === null ? spawnPlan : planLaunch(profile, exit, context);
    const identity = await attachIdentity(connection, plan.targetCommands, plan.pageScript, settings.onError);
    trace('autoAttach');
    // A script's resume of a paused target waits for the agent's own set-up of it.
    mux.setReady((targetId) => identity.ready(targetId));
    // Clients' page sessions carry the settings pages share; their leave is undone.
    mux.setIdentity(muxIdentity(plan.targetCommands, identity));
    // The first tab is created and given the identity while the browser's permissions and the
    // cookies go in; it navigates once all of them are in.
    const firstTab = newTab(connection, identity, trace);
    firstTab.catch(() => {});
    const [tabSession, cookies] = await Promise.all([
      firstTab,
      (async () => {
        for (const command of plan.browserCommands) await connection.send(command.method, command.params);
        trace('browserCommands');
        const restored = await restoreCookies(connection, profile, userDataDir, settings);
        trace('cookies');
        return restored;
      })(),
    ]);
    if (profile.startPage) await connection.send('Page.navigate', { url: profile.startPage }, tabSession);
    trace('navigating');
    const tabs = watchOpenTabs(connection);
    const fixedPort = settings.mayRunProfileCode && fp.remoteDebug.port > 0 ? fp.remoteDebug.port : 0;
    const open = settings.openDebugPort || fixedPort > 0;
    devtools = await startDevtools(mux, connection, fixedPort, open);
    trace('endpoint');

    const spawned = chromium;
    const served = devtools;
    const stop = async () => {
      if (profile.sync.cookies && !connection.closed) {
        // Read through CDP before the close: nothing set up to the stop is lost.
        await cookies.save().catch(settings.onError);
      }
      // The tabs as they are now, before closing takes them away.
      await tabs.refresh().catch(() => {});
      tabs.stop();
      await served.close();
      // Browser.close lets Chromium write its cookies and state; a signal loses the last ~30 s.
      if (!connection.closed) await Promise.race([connection.send('Browser.close').catch(() => {}), delay(5_000)]);
      await Promise.race([spawned.exited, delay(10_000)]);
      killGroup(spawned.process, 'SIGKILL');
      await spawned.exited;
      connection.close();
      await hop.close();
    };
    void spawned.exited.then(() => {
      tabs.stop();
      return Promise.all([hop.close(), served.close()]).catch(() => {});
    });
    return { openTabs: () => tabs.current(), endpoint: served.browserUrl, pid: spawned.process.pid!, debugPort: served.port, debugPortOpen: open, openDebugDoor: () => served.openDoor(), refusedSwitches: plan.refusedSwitches, skippedCookies: cookies.skipped, channels: plan.channels, contradictions: plan.contradictions, identity: plan.identity, openTab: (url: string) => openTab(connection, identity, url), allowAgentPort: (port) => hop.allowAgentPort(port), windows: browserWindows(connection), connection, exited: spawned.exited, stop };
  } catch (error) {
    await devtools?.close();
    cdp?.close();
    if (chromium) {
      killGroup(chromium.process, 'SIGKILL');
      await chromium.exited;
    }
    await hop.close();
    throw error;
  }
}

/** The profile's local proxy hop: Chromium takes no proxy credentials, the hop adds them. */
function startHop(profile: Profile): Promise<ProxyHop> {
  const protection = profile.fingerprint.portScanProtection;
  return startProxyHop({
    proxy: profile.proxy,
    dns: profile.fingerprint.dns,
    localPorts: protection.enabled ? new Set(parsePortWhitelist(protection.whitelist).ports) : null,
  });
}

/**
 * What the proxy's exit address says (time zone, languages, coordinates), after checking that
 * the proxy answers at all. No answer, or an exit GeoIP cannot place while the profile's time
 * zone follows it, is a start failure: never this machine's address or time zone instead.
 */
async function checkExit(profile: Profile, hop: ProxyHop, settings: LaunchSettings): Promise<GeoFacts | null> {
  let exitIp: string;
  try {
    exitIp = (await checkThroughHop(hop, settings.ipCheckUrl)).ip;
  } catch (error) {
    if (error instanceof ProxyCheckError) throw new StartFailure(error.reason, error.message);
    throw error;
  }
  const exit = await settings.geo(exitIp);
  if (!profile.timezone && profile.fingerprint.timezoneByIp && !exit?.timezone) {
    throw new StartFailure('geoUnknown', `no time zone known for the proxy's exit address ${exitIp}`);
  }
  return exit;
}

/** The configuration fontconfig would read otherwise: an operator's FONTCONFIG_FILE, else the system one. */
function baseFontConfig(env: NodeJS.ProcessEnv): string {
  return env.FONTCONFIG_FILE && path.isAbsolute(env.FONTCONFIG_FILE) ? env.FONTCONFIG_FILE : '/etc/fonts/fonts.conf';
}

/** The plan's files in the user-data-dir, and none an earlier plan left that this one does not want. */
function writeFiles(plan: LaunchPlan, userDataDir: string, profile: Profile): void {
  for (const stale of plan.staleFiles) fs.rmSync(path.join(userDataDir, stale), { force: true });
  for (const file of plan.files) fs.writeFileSync(path.join(userDataDir, file.path), file.content, { mode: 0o600 });
  updatePreferences(userDataDir, (prefs) => withoutSessionRestore(withWebrtcPolicy(prefs, profile.fingerprint.webrtc)));
}

/** The first answer through the pipe: Chromium is up. An exit or silence first is a start failure with its output. */
async function cameUp(connection: CdpConnection, chromium: PipedChromium): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      connection.send('Browser.getVersion'),
      new Promise((_resolve, reject) => (timer = setTimeout(() => reject(new Error(`no DevTools answer after ${START_MS} ms`)), START_MS))),
    ]);
  } catch (error) {
    throw new StartFailure('chromiumFailed', `Chromium did not start: ${(error as Error).message}\n${chromium.output().slice(-2000)}`);
  } finally {
    clearTimeout(timer);
  }
}

/** How long Chromium may take to answer its first command. */
const START_MS = 30_000;

/** The agent's DevTools endpoint for scripts; a fixed port another program holds is a start failure. */
/**
 * What the mux keeps of the identity for clients. A leaving client's sessions clear what pages
 * share in their renderer, which handles that after the browser's answer to the detach and
 * on another channel than the agent's: given back at once, and again a moment later.
 */
function muxIdentity(commands: LaunchPlan['targetCommands'], identity: AttachedIdentity): MuxIdentity {
  const userAgent = commands.everySession.find((c) => c.method === 'Emulation.setUserAgentOverride')?.params ?? {};
  return {
    everySession: commands.everySession,
    userAgent,
    clientLeft: () => {
      void identity.reapply();
      setTimeout(() => void identity.reapply(), REAPPLY_AGAIN_MS).unref();
    },
  };
}

/** When the identity is given back a second time after a client leaves (muxIdentity). */
const REAPPLY_AGAIN_MS = 250;

async function startDevtools(mux: CdpMux, connection: CdpConnection, port: number, open: boolean): Promise<CdpEndpoint> {
  try {
    return await startCdpEndpoint(mux, connection, { port, open });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new StartFailure('debugPortTaken', `port ${port} is in use`);
    throw error;
  }
}

/**
 * The profile's stored cookies before the first page (an import, or what the last stop saved),
 * unless the last session here ended without our stop (the user closed the window, or the
 * browser crashed) and nobody changed the server's copy since it began: then the cookies on
 * disk are the newer ones, and the server catches up instead of overwriting them. A stored cookie
 * the browser refuses is left out and reported, never the reason a start fails (storedCookies.ts).
 */
async function restoreCookies(connection: CdpConnection, profile: Profile, userDataDir: string, settings: LaunchSettings) {
  const unsavedSession = unsavedSessionMarker(userDataDir);
  const save = async () => {
    const { cookies } = await connection.send<{ cookies: Parameters<typeof fromCdpCookies>[0] }>('Storage.getCookies');
    // The server takes only what the cookie rule takes: one odd cookie must not lose the rest.
    const { kept, dropped } = savableCookies(fromCdpCookies(cookies));
    if (dropped > 0) settings.onError(new Error(`${dropped} cookies the cookie rule refuses were not saved`));
    await settings.saveCookies(kept);
    unsavedSession.clear();
  };
  const serverCookies = cookiesDigest(profile.cookies);
  let skipped: SkippedCookie[] = [];
  if (profile.sync.cookies && unsavedSession.startedWith() === serverCookies) {
    await save().catch(settings.onError);
  } else if (profile.cookies.length > 0) {
    skipped = await setStoredCookies(connection, profile.cookies);
  }
  if (profile.sync.cookies) unsavedSession.mark(serverCookies);
  return { save, skipped };
}

/**
 * A tab opens blank and gets the identity while it waits; only then may it go anywhere: a tab
 * created with its URL starts loading before the overrides are in, and its first document (and
 * first request) would show the machine. Chromium does hold such a tab's first request while its
 * session waits, but fixes the request's DevTools headers when the navigation begins, before the
 * agent's commands arrive: created with its URL, the start page's request went without the
 * profile's custom header and cookies, and with the machine's client hints (`Sec-CH-UA-Platform:
 * "Linux"` beside a Windows user agent) (launch.test.ts, launchAcrossStarts.test.ts), though it
 * loaded 50-130 ms sooner. Resolves with the tab's session.
 */
async function newTab(connection: CdpConnection, identity: AttachedIdentity, trace: (step: LaunchStep) => void = () => {}): Promise<string> {
  const { targetId } = await connection.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
  trace('targetCreated');
  const sessionId = await Promise.race([
    identity.ready(targetId),
    new Promise<never>((_resolve, reject) => setTimeout(() => reject(new CdpError('protocol', 'Target.createTarget', `tab ${targetId} was not set up in ${TAB_SETUP_MS} ms`)), TAB_SETUP_MS).unref()),
  ]);
  trace('identityApplied');
  return sessionId;
}

/** A new tab at `url`, given the identity before it loads. */
async function openTab(connection: CdpConnection, identity: AttachedIdentity, url: string): Promise<void> {
  const sessionId = await newTab(connection, identity);
  if (url) await connection.send('Page.navigate', { url }, sessionId);
}

/** A new tab is set up in milliseconds; this long means Chromium never attached it. */
const TAB_SETUP_MS = 15_000;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * A file in the profile's folder while a session with cookie sync runs and its cookies are not
 * yet saved to the server, holding the digest of the server's cookies the session began with.
 * Still there at the next start means that session ended on its own.
 */
function unsavedSessionMarker(userDataDir: string) {
  const file = path.join(userDataDir, '.facet-unsaved-session');
  return {
    startedWith: (): string | null => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null),
    mark: (digest: string) => fs.writeFileSync(file, digest),
    clear: () => fs.rmSync(file, { force: true }),
  };
}

function cookiesDigest(cookies: readonly Cookie[]): string {
  return createHash('sha256').update(JSON.stringify(cookies)).digest('hex');
}
