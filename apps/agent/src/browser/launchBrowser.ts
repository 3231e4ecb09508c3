import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parsePortWhitelist, type Cookie, type Profile } from '@facet/contracts';
import { identityScript } from '@facet/page-scripts';
import { attachIdentity } from './attachIdentity.ts';
import { CdpConnection } from './cdp.ts';
import { fromCdpCookies, toCdpCookies } from './cdpCookies.ts';
import { prepareFontConfig } from './fontConfig.ts';
import { machineFacts } from './machineFacts.ts';
import { pageScriptOptions } from './pageScriptOptions.ts';
import { argsFor } from './chromiumArgs.ts';
import type { GeoFacts } from './geoIp.ts';
import { resolveIdentity } from './identity.ts';
import { checkThroughHop, ProxyCheckError, type ProxyFailure } from './proxyCheck.ts';
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

/** A start that failed, with a reason the console and the local API can name. */
export class LaunchError extends Error {
  constructor(
    readonly reason: 'proxyFailed' | 'geoUnknown' | 'chromiumFailed',
    readonly detail: string,
    readonly proxyFailure: ProxyFailure | null = null,
  ) {
    super(`${reason}: ${detail}`);
  }
}

export interface LaunchedBrowser {
  endpoint: string;
  /** Chromium's main process, leader of its process group. */
  pid: number;
  debugPort: number;
  /** Switches of the profile's command line that were not applied. */
  refusedSwitches: string[];
  /** Resolves when the browser has gone, however it went (stop, user closed it, crash). */
  exited: Promise<void>;
  stop(): Promise<void>;
}


/**
 * One profile's browser, from nothing to a first page that already has the profile's identity:
 * proxy hop → (proxy answers?) → Chromium → CDP auto-attach with the identity → start page.
 * Whatever step fails, what the earlier steps started is taken down again.
 */
export async function launchBrowser(profile: Profile, settings: LaunchSettings): Promise<LaunchedBrowser> {
  const protection = profile.fingerprint.portScanProtection;
  const hop = await startProxyHop({
    proxy: profile.proxy,
    dns: profile.fingerprint.dns,
    localPorts: protection.enabled ? new Set(parsePortWhitelist(protection.whitelist).ports) : null,
  });
  let chromium: SpawnedChromium | null = null;
  let cdp: CdpConnection | null = null;
  try {
    const exitCheck = upstreamUrl(profile.proxy) ? exitOf(profile, hop, settings) : Promise.resolve(null);
    // Awaited below; a spawn that fails first must not leave its rejection unhandled.
    exitCheck.catch(() => undefined);
    // The command line carries the languages (for the workers CDP does not reach), so when they
    // follow the exit Chromium waits for the check; otherwise the check runs while it starts.
    // Either way no page loads before the check passed: the first target is created below.
    const languagesFollowExit = profile.fingerprint.languageByIp && profile.language.trim() === '';
    const earlyExit = languagesFollowExit ? await exitCheck : null;
    const commandLineIdentity = resolveIdentity(profile, earlyExit ?? {});
    const userDataDir = path.join(settings.profilesDir, profile.id);
    fs.mkdirSync(userDataDir, { recursive: true, mode: 0o700 });
    writeWebrtcPolicy(userDataDir, profile.fingerprint.webrtc);
    // The font list reaches DOM layout only through fontconfig; without it the page scripts still hide the rest.
    const fontEnv: NodeJS.ProcessEnv = await prepareFontConfig(userDataDir, profile.fingerprint.fonts, settings.env).catch((error: unknown) => {
      settings.onError(error);
      return {};
    });
    const extensions = await settings.extensions(userDataDir);
    const { args, refused } = argsFor(profile, commandLineIdentity, hop, settings, userDataDir, extensions);
    try {
      chromium = await spawnChromium(settings.chromium, args, { ...settings.env, ...fontEnv });
    } catch (error) {
      throw new LaunchError('chromiumFailed', (error as Error).message);
    }
    const connection = await CdpConnection.open(chromium.endpoint);
    cdp = connection;
    // Time zone, language and coordinates "by IP" follow the proxy's exit address.
    const identity = resolveIdentity(profile, (await exitCheck) ?? {});
    const script = identityScript(pageScriptOptions(profile, identity, { machine: machineFacts(), fontConfig: Object.keys(fontEnv).length > 0 }));
    await attachIdentity(connection, identity, script, settings.onError);
    // "Allow" and "block" answer a site's location request without asking; "ask" leaves the prompt.
    if (identity.geolocation.mode !== 'ask') {
      await connection.send('Browser.setPermission', { permission: { name: 'geolocation' }, setting: identity.geolocation.mode === 'allow' ? 'granted' : 'denied' });
    }
    const unsavedSession = unsavedSessionMarker(userDataDir);
    const saveBrowserCookies = async () => {
      const { cookies } = await connection.send<{ cookies: Parameters<typeof fromCdpCookies>[0] }>('Storage.getCookies');
      await settings.saveCookies(fromCdpCookies(cookies));
      unsavedSession.clear();
    };
    const serverCookies = cookiesDigest(profile.cookies);
    if (profile.sync.cookies && unsavedSession.startedWith() === serverCookies) {
      // The last session here ended without our stop (the user closed the window, or the
      // browser crashed) and nobody changed the server's copy since it began: the cookies on
      // disk are the newer ones, so the server catches up instead of overwriting them.
      await saveBrowserCookies().catch(settings.onError);
    } else if (profile.cookies.length > 0) {
      // The profile's stored cookies (an import, or what the last stop saved) before the first page.
      await connection.send('Storage.setCookies', { cookies: toCdpCookies(profile.cookies) });
    }
    if (profile.sync.cookies) unsavedSession.mark(serverCookies);
    await connection.send('Target.createTarget', { url: profile.startPage || 'about:blank' });
    const spawned = chromium;
    const stop = async () => {
      if (profile.sync.cookies && !connection.closed) {
        // Read through CDP before the close: nothing set up to the stop is lost.
        await saveBrowserCookies().catch(settings.onError);
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
    return { endpoint: spawned.endpoint, pid: spawned.process.pid!, debugPort: spawned.debugPort, refusedSwitches: refused, exited: spawned.exited, stop };
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

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * What the proxy's exit address says (time zone, languages, coordinates), after checking that
 * the proxy answers at all. No answer, or an exit GeoIP cannot place while the profile's time
 * zone follows it, is a start error: never this machine's address or time zone instead.
 */
async function exitOf(profile: Profile, hop: ProxyHop, settings: LaunchSettings): Promise<GeoFacts | null> {
  let exitIp: string;
  try {
    exitIp = (await checkThroughHop(hop, settings.ipCheckUrl)).ip;
  } catch (error) {
    if (error instanceof ProxyCheckError) throw new LaunchError('proxyFailed', error.message, error.reason);
    throw error;
  }
  const exit = await settings.geo(exitIp);
  if (!profile.timezone && profile.fingerprint.timezoneByIp && !exit?.timezone) {
    throw new LaunchError('geoUnknown', `no time zone known for the proxy's exit address ${exitIp}`);
  }
  return exit;
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
