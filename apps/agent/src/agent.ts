import { publicConfigSchema } from '@facet/contracts';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { bridgeHandlers } from './api/bridgeHandlers.ts';
import { BridgeServer } from './api/bridgeServer.ts';
import { ConsoleAccess } from './api/consoleAccess.ts';
import { consoleRequestHandler } from './api/consoleServer.ts';
import { startLocalApi, type LocalApi, type LocalApiDeps } from './api/localApi/server.ts';
import { chromedriverFinder } from './browser/machine/chromedriver.ts';
import { discoverChromium } from './browser/machine/discoverChromium.ts';
import { lazyGeoIp } from './browser/proxy/geoIp.ts';
import { machineFonts } from './browser/machine/machineFonts.ts';
import { CheckServer } from './check/checkServer.ts';
import { openFingerprintCheck } from './core/openCheck.ts';
import { kernelCatalog } from './browser/machine/kernels.ts';
import type { AgentConfig } from './config.ts';
import { BrowserBatches } from './core/browserBatches.ts';
import { LeaseBeats } from './core/leaseBeat.ts';
import { LocalSettingsService } from './core/localSettingsService.ts';
import { ProfileLauncher } from './core/profileLauncher.ts';
import { apiTokenProfileSource, sessionProfileSource, type ProfileSource } from './core/profileSource.ts';
import { RunningProfiles, runningBrowserOf } from './core/runningProfiles.ts';
import { Synchronizer } from './synchronizer/synchronizer.ts';
import { ServerLink } from './core/serverLink.ts';
import { startErrorPush } from './core/startFailure.ts';
import { StateSaves } from './core/stateSaves.ts';
import { PluginCache } from './plugins/pluginCache.ts';
import { OWNER_SECRET_FILE, readOrCreateInstallSecret } from './storage/installSecret.ts';
import { readOrCreateDeviceKey } from './storage/deviceKey.ts';
import { readOrCreateLocalApiKey } from './storage/localApiKey.ts';
import { guardRequests, guardUpgrades } from './net/guardedHandlers.ts';
import { AppWindow } from './window/appWindow.ts';

export interface RunningAgent {
  url: string;
  /** The server the client works with (null until the person names one). */
  readonly serverUrl: string | null;
  /** A one-time link into the console (the app window's way in; see api/consoleAccess.ts). */
  launchUrl(path?: string): string;
  port: number;
  bridge: BridgeServer;
  running: RunningProfiles;
  window: AppWindow | null;
  /** The local automation API as it runs now (the local settings can move or stop it). */
  readonly localApi: LocalApi | null;
  /** The local API key, for the start banner (never logged elsewhere). */
  localApiKey: string;
  localApiKeyCreated: boolean;
  /** What to do when the console's exit dialog asks the client to exit. */
  onQuit(listener: () => void): void;
  close(): Promise<void>;
}

/** What the process hands the agent from rooms the agent may not import. */
export interface AgentDoors {
  /** Paths the local API serves through another room's handler, behind its guard (main.ts: the MCP server's `/mcp`). */
  localApiPaths?: LocalApiDeps['extraPaths'];
}

/** Starts the agent: the console in client mode and the bridge, both on 127.0.0.1 only. */
export async function startAgent(config: AgentConfig, doors: AgentDoors = {}): Promise<RunningAgent> {
  const secret = readOrCreateInstallSecret(config.dataDir);
  const storageKey = readOrCreateInstallSecret(config.dataDir, 'console-storage-key');
  // Whoever can read this file (the user the agent runs as) may ask for a launch link.
  const ownerSecret = readOrCreateInstallSecret(config.dataDir, OWNER_SECRET_FILE);
  const chromium = discoverChromium();
  const link = new ServerLink(config.dataDir, config.serverUrl);
  // The API token's source, made for the server it belongs to (none until a server is named).
  let tokenSource: { url: string; source: ProfileSource } | null = null;
  const apiTokenSource = () => {
    const url = link.url;
    if (!config.apiToken || url === null) return null;
    if (tokenSource?.url !== url) tokenSource = { url, source: apiTokenProfileSource(url, config.apiToken) };
    return tokenSource.source;
  };
  // The console's signed-in user comes first; the API token is for a machine with no console.
  let session: { auth: string; source: ProfileSource } | null = null;
  const currentSource = () => session?.source ?? apiTokenSource();
  // The console hands its session over before every start; the server's signing key is asked
  // once (a failed ask is asked again next time), and an unchanged session is kept as it is.
  let signKey: Promise<string> | null = null;
  const adoptSession = async (auth: string | null) => {
    const url = link.url;
    if (auth === null || url === null) {
      session = null;
      return;
    }
    if (session?.auth === auth) return;
    signKey ??= fetch(`${url}/config.json`)
      .then(async (response) => publicConfigSchema.parse(await response.json()).signKey)
      .catch((error: unknown) => {
        signKey = null;
        throw error;
      });
    session = { auth, source: sessionProfileSource(url, await signKey, auth) };
  };
  // Another server: its sessions and signing key are not this one's.
  link.onChange(() => {
    session = null;
    signKey = null;
  });
  const log = (line: string) => console.log(`Facet agent: ${line}`);
  const geo = lazyGeoIp(path.join(config.dataDir, 'geoip'), log);
  const kernels = kernelCatalog({ log });
  const { key: localApiKey, created: localApiKeyCreated } = readOrCreateLocalApiKey(config.dataDir, config.localApiKey);
  const checks = await CheckServer.start({ ipCheckUrl: config.ipCheckUrl, geo, log });
  const webdriver = chromedriverFinder();
  const checkFingerprint = (profileId: string, lang: string, options: { headless?: boolean } = {}) => openFingerprintCheck({ running, checks }, profileId, lang, options);
  const settings: LocalSettingsService = new LocalSettingsService({
    dataDir: config.dataDir,
    portOverride: config.localApiPort,
    startApi: (bindIp, apiPort) =>
      startLocalApi({ key: localApiKey, running, source: currentSource, password: settings.password, keyless: settings.keyless, checkFingerprint, profilesDir: () => settings.profilesDir(), webdriver, version: config.version, kernels: () => kernels.list(), batches: () => batches, synchronizer, ...(doors.localApiPaths ? { extraPaths: doors.localApiPaths } : {}) }, apiPort, bindIp),
    log,
  });
  const plugins = new PluginCache(path.join(config.dataDir, 'plugins'), log);
  // Zips of plugins no start has used for 30 days (removed, or moved to another version).
  void plugins.prune(30 * 24 * 60 * 60 * 1000).then(
    (removed) => removed > 0 && log(`removed ${removed} unused plugin zip(s) from the cache`),
    (error: unknown) => log(`could not prune the plugin cache: ${String(error)}`),
  );
  // fontconfig asked once now rather than in front of the first start that needs it (120–300 ms).
  void machineFonts(process.env).catch((error: unknown) => log(`could not ask fontconfig: ${String(error)}`));
  // Profiles' state still going up after their browsers closed: the agent's exit waits for them.
  const saves = new StateSaves();
  const deviceKey = readOrCreateDeviceKey(config.dataDir);
  // Beats as whoever is signed in now: a renewed session's token, not the one a start began with.
  const leases = new LeaseBeats(() => {
    const source = currentSource();
    return source ? (ids) => source.beatLeases(ids, deviceKey.publicKey) : null;
  }, log);
  const launcher = new ProfileLauncher(currentSource, {
    kernels: () => kernels.list(),
    profilesDir: () => settings.profilesDir(),
    platformBuilds: config.platformBuildsDir,
    diskMinLimitGb: () => settings.diskMinLimitGb(),
    ipCheckUrl: config.ipCheckUrl,
    loopbackOnly: config.loopbackOnly,
    geo,
    deviceKey,
    plugins,
    deviceName: config.deviceName,
    saves,
    stateEvents: {
      progress: (push) => bridge.push({ push: 'syncprogress', parameter: push }),
      conflict: (push) => bridge.push({ push: 'syncconflict', parameter: push }),
      leaseLost: (profileId, holder) => bridge.push({ push: 'leaselost', parameter: { profileId, device: holder?.device ?? null } }),
      accessEnded: (profileId, name, reason) => bridge.push({ push: 'accessended', parameter: { profileId, name, reason } }),
    },
    leases,
    checks,
    log,
  });
  const running = new RunningProfiles(launcher);
  // One window synchronizer for the agent, shared by the bridge and the local API.
  const synchronizerFailed = (error: unknown) => log(`synchronizer: ${error instanceof Error ? error.message : String(error)}`);
  const synchronizer = new Synchronizer(running, synchronizerFailed);
  synchronizer.onChange((status) => bridge.push({ push: 'synchronizer', parameter: status }));
  const window = chromium ? new AppWindow({ chromium, userDataDir: path.join(config.dataDir, 'app-window'), log }) : null;
  let port = config.port;
  // Set by main.ts: what "exit" in the console's exit dialog does.
  let quitListener: (() => void) | null = null;
  const access = new ConsoleAccess(ownerSecret, () => port);
  const batches = new BrowserBatches({
    running,
    push: (batch) => bridge.push({ push: 'batch', parameter: batch }),
    onStartFailure: (profileId, error) => bridge.push({ push: 'starterror', parameter: startErrorPush(profileId, error) }),
  });
  const bridge: BridgeServer = new BridgeServer(secret, () => port, bridgeHandlers({ settings, kernels, running, batches, window, adoptSession, push: (m) => bridge.push(m), ipCheckUrl: config.ipCheckUrl, geo, checkFingerprint, link, quit: () => quitListener?.(), synchronizer }), (req) => access.admits(req), () =>
    console.log('Facet agent: a console connected to the bridge'),
  );
  running.onChange((status) => bridge.push(status.state === 'stopped' ? { push: 'stop', parameter: status } : { push: 'start', parameter: runningBrowserOf(status) }));
  const server = http.createServer(
    guardRequests('desktop client', consoleRequestHandler({
      consoleDir: config.consoleDir,
      access,
      serverUrl: () => link.url,
      port: () => port,
      bootstrap: () => ({ bridgeUrl: `ws://127.0.0.1:${port}/bridge`, secret, agentVersion: config.version, server: link.url, serverFixed: link.fixed, storageKey }),
    })),
  );
  server.on('upgrade', guardUpgrades('bridge', (req, socket, head) => bridge.handleUpgrade(req, socket, head)));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/`;
  await settings.startAutomation();
  return {
    url,
    get serverUrl() {
      return link.url;
    },
    launchUrl: (path) => access.launchUrl(path),
    port,
    bridge,
    running,
    window,
    get localApi() {
      return settings.automation;
    },
    localApiKey,
    localApiKeyCreated,
    onQuit: (listener) => {
      quitListener = listener;
    },
    close: async () => {
      await settings.close();
      batches.cancelAll();
      // Its scripts leave the pages before the browsers close (a browser kept by its user keeps none).
      if (synchronizer.status().running) await synchronizer.stop().catch(synchronizerFailed);
      await running.stopAll();
      await saves.all();
      await checks.close();
      leases.close();
      await launcher.close();
      await window?.close();
      bridge.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
