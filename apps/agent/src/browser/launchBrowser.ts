import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parsePortWhitelist, type Cookie, type Profile } from '@facet/contracts';
import { StartFailure } from '../core/startFailure.ts';
import { attachIdentity } from './attachIdentity.ts';
import { CdpConnection, CdpError } from './cdp.ts';
import { fromCdpCookies, toCdpCookies } from './cdpCookies.ts';
import { machineFonts } from './fontConfig.ts';
import type { GeoFacts } from './geoIp.ts';
import { planLaunch, type LaunchPlan } from './launchPlan.ts';
import { machineFacts } from './machineFacts.ts';
import { checkThroughHop, ProxyCheckError } from './proxyCheck.ts';
import { startProxyHop, upstreamUrl, type ProxyHop } from './proxyHop.ts';
import { killGroup, spawnChromium, type SpawnedChromium } from './spawnChromium.ts';
import { writeWebrtcPolicy } from './webrtcPolicy.ts';

export interface LaunchSettings {
  chromium: string;
  /** Where each profile's user-data-dir lives (one folder per profile id). */
  profilesDir: string;
  /** Switches the operator adds to every browser (tests: the loopback-only resolver rules). */
  extraArgs: readonly string[];
  /** Asked through the proxy before launch: which exit address does the world see? */
  ipCheckUrl: string;
  headless: boolean;
  /** Whether the profile's own command line may be applied (never for a shared profile). */
  mayRunProfileCode: boolean;
  env: NodeJS.ProcessEnv;
  /** Writes the profile's plugins into its user-data-dir; the folders to load. */
  extensions: (userDataDir: string) => Promise<string[]>;
  /** A target that could not be given the identity (logged; the browser goes on). */
  onError: (error: unknown) => void;
  /** Where the proxy's exit is (offline GeoIP), for the options that follow it. */
  geo: (ip: string) => Promise<GeoFacts | null>;
  /** What the browser held at its stop, when the profile syncs cookies. */
  saveCookies: (cookies: Cookie[]) => Promise<void>;
}

export interface LaunchedBrowser {
  endpoint: string;
  /** Chromium's main process, leader of its process group. */
  pid: number;
  debugPort: number;
  /** Switches of the profile's command line that were not applied. */
  refusedSwitches: string[];
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
  /** Resolves when the browser has gone, however it went (stop, user closed it, crash). */
  exited: Promise<void>;
  stop(): Promise<void>;
}

/**
 * One profile's browser, from nothing to a first page that already has the profile's identity,
 * in named steps: proxy hop → exit check → plan (launchPlan.ts) → files → Chromium → identity
 * for every target → browser permissions → cookies → start page. A step that fails throws a
 * StartFailure naming why; what the earlier steps started is taken down again.
 */
export async function launchBrowser(profile: Profile, settings: LaunchSettings): Promise<LaunchedBrowser> {
  const hop = await startHop(profile);
  let chromium: SpawnedChromium | null = null;
  let cdp: CdpConnection | null = null;
  try {
    const userDataDir = path.join(settings.profilesDir, profile.id);
    fs.mkdirSync(userDataDir, { recursive: true, mode: 0o700 });
    // The exit decides the time zone, locale and languages Chromium starts with; the fonts and
    // plugins are read meanwhile.
    const fp = profile.fingerprint;
    const asksFontconfig = (fp.fonts.mode === 'custom' && fp.fonts.list.length > 0) || fp.canvas === 'rendering';
    // Without fontconfig's answer the page script hides what it can (launchPlan.ts).
    const fonts = asksFontconfig ? machineFonts(settings.env).catch((error: unknown) => (settings.onError(error), null)) : null;
    const [exit, machine, extensions] = await Promise.all([upstreamUrl(profile.proxy) ? checkExit(profile, hop, settings) : null, fonts, settings.extensions(userDataDir)]);
    const plan = planLaunch(profile, exit, {
      machine: machineFacts(settings.extraArgs),
      machineFonts: machine,
      baseFontConfig: baseFontConfig(settings.env),
      userDataDir,
      hopAddress: hop.address,
      extensions,
      headless: settings.headless,
      extraArgs: settings.extraArgs,
      mayRunProfileCode: settings.mayRunProfileCode,
    });
    writeFiles(plan, userDataDir, profile);
    chromium = await spawn(settings.chromium, plan, settings.env);
    const connection = await CdpConnection.open(chromium.endpoint);
    cdp = connection;
    const identity = await attachIdentity(connection, plan.targetCommands, plan.pageScript, settings.onError);
    for (const command of plan.browserCommands) await connection.send(command.method, command.params);
    const cookies = await restoreCookies(connection, profile, userDataDir, settings);
    await openStartPage(connection, identity, profile.startPage);

    const spawned = chromium;
    const stop = async () => {
      if (profile.sync.cookies && !connection.closed) {
        // Read through CDP before the close: nothing set up to the stop is lost.
        await cookies.save().catch(settings.onError);
      }
      // Browser.close lets Chromium write its cookies and state; a signal loses the last ~30 s.
      if (!connection.closed) await Promise.race([connection.send('Browser.close').catch(() => {}), delay(5_000)]);
      await Promise.race([spawned.exited, delay(10_000)]);
      killGroup(spawned.process, 'SIGKILL');
      await spawned.exited;
      connection.close();
      await hop.close();
    };
    void spawned.exited.then(() => hop.close().catch(() => {}));
    return { endpoint: spawned.endpoint, pid: spawned.process.pid!, debugPort: spawned.debugPort, refusedSwitches: plan.refusedSwitches, channels: plan.channels, contradictions: plan.contradictions, identity: plan.identity, openTab: (url: string) => openStartPage(connection, identity, url), allowAgentPort: (port) => hop.allowAgentPort(port), exited: spawned.exited, stop };
  } catch (error) {
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
  writeWebrtcPolicy(userDataDir, profile.fingerprint.webrtc);
}

async function spawn(executable: string, plan: LaunchPlan, env: NodeJS.ProcessEnv): Promise<SpawnedChromium> {
  try {
    return await spawnChromium(executable, plan.args, { ...env, ...plan.env });
  } catch (error) {
    throw new StartFailure('chromiumFailed', (error as Error).message);
  }
}

/**
 * The profile's stored cookies before the first page (an import, or what the last stop saved),
 * unless the last session here ended without our stop (the user closed the window, or the
 * browser crashed) and nobody changed the server's copy since it began: then the cookies on
 * disk are the newer ones, and the server catches up instead of overwriting them.
 */
async function restoreCookies(connection: CdpConnection, profile: Profile, userDataDir: string, settings: LaunchSettings) {
  const unsavedSession = unsavedSessionMarker(userDataDir);
  const save = async () => {
    const { cookies } = await connection.send<{ cookies: Parameters<typeof fromCdpCookies>[0] }>('Storage.getCookies');
    await settings.saveCookies(fromCdpCookies(cookies));
    unsavedSession.clear();
  };
  const serverCookies = cookiesDigest(profile.cookies);
  if (profile.sync.cookies && unsavedSession.startedWith() === serverCookies) {
    await save().catch(settings.onError);
  } else if (profile.cookies.length > 0) {
    await connection.send('Storage.setCookies', { cookies: toCdpCookies(profile.cookies) });
  }
  if (profile.sync.cookies) unsavedSession.mark(serverCookies);
  return { save };
}

/**
 * The first tab opens blank, gets the identity while it waits, and only then goes to the start
 * page: a tab created with its URL starts loading before the overrides are in, and its first
 * document (and first request) would show the machine.
 */
async function openStartPage(connection: CdpConnection, identity: Awaited<ReturnType<typeof attachIdentity>>, startPage: string): Promise<void> {
  const { targetId } = await connection.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
  const sessionId = await Promise.race([
    identity.ready(targetId),
    new Promise<never>((_resolve, reject) => setTimeout(() => reject(new CdpError('protocol', 'Target.createTarget', `tab ${targetId} was not set up in ${TAB_SETUP_MS} ms`)), TAB_SETUP_MS).unref()),
  ]);
  if (startPage) await connection.send('Page.navigate', { url: startPage }, sessionId);
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
