import {
  BridgeError,
  type ArrangeWindowsResult,
  type BridgePush,
  type BrowserBatch,
  type CleanCacheResult,
  type DirectoryListing,
  type FingerprintCheckOpened,
  type Kernel,
  type LocalClientConfig,
  type ProxyTestResult,
  type RunningBrowser,
  type SynchronizerStatus,
  synchronizerBridgeErrors,
} from '@facet/contracts';
import type { GeoFacts } from '../browser/proxy/geoIp.ts';
import type { KernelCatalog } from '../browser/machine/kernels.ts';
import { ProxyCheckError, testProxy } from '../browser/proxy/proxyCheck.ts';
import { arrangeWindows } from '../core/arrangeWindows.ts';
import type { BrowserBatches } from '../core/browserBatches.ts';
import { SettingsRefusal, type LocalSettingsService } from '../core/localSettingsService.ts';
import { startErrorPush } from '../core/startFailure.ts';
import { ServerLinkRefusal, type ServerLink, type ServerLinkRefusalReason } from '../core/serverLink.ts';
import { runningBrowserOf, type RunningProfiles } from '../core/runningProfiles.ts';
import { cleanCaches } from '../storage/cacheCleaner.ts';
import { DirectoryError, listDirectory } from '../storage/directories.ts';
import type { Synchronizer } from '../synchronizer/synchronizer.ts';
import { SynchronizerRefusal } from '../synchronizer/synchronizerRefusal.ts';
import type { AppWindow } from '../window/appWindow.ts';
import { BridgeFailure, type BridgeHandlers } from './bridgeServer.ts';

export interface BridgeDeps {
  settings: LocalSettingsService;
  kernels: KernelCatalog;
  running: RunningProfiles;
  /** Many profiles opened or closed at once, a few at a time (core/browserBatches.ts). */
  batches: BrowserBatches;
  window: AppWindow | null;
  /** Adopts (or with null, forgets) the console user's session for launching. */
  adoptSession: (auth: string | null) => Promise<void>;
  push: (message: BridgePush) => void;
  ipCheckUrl: string;
  geo: (ip: string) => Promise<GeoFacts | null>;
  /** Opens the profile (started if needed) at the fingerprint check page (core/openCheck.ts). */
  checkFingerprint: (profileId: string, lang: string) => Promise<FingerprintCheckOpened>;
  /** Which server the client works with (the first-start question, and later changes). */
  link: ServerLink;
  /** Stops the agent as Ctrl-C does (main.ts): browsers closed with their cookies saved, then exit. */
  quit: () => void;
  /** The window synchronizer, shared with the local API's. */
  synchronizer: Synchronizer;
}

/** A synchronizer call, its refusal as the bridge error of its code. */
async function synchronized(call: () => Promise<SynchronizerStatus>): Promise<SynchronizerStatus> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof SynchronizerRefusal) throw new BridgeFailure(synchronizerBridgeErrors[error.code]);
    throw error;
  }
}

const serverRefusalCodes: Record<ServerLinkRefusalReason, number> = {
  invalidUrl: BridgeError.SERVER_URL_INVALID,
  unreachable: BridgeError.SERVER_UNREACHABLE,
  notFacet: BridgeError.SERVER_NOT_FACET,
  fixed: BridgeError.SERVER_FIXED,
};

/** Progress of a cache clean at most this often: enough for a counter, not a flood. */
const PROGRESS_INTERVAL_MS = 200;

/**
 * What the console may ask the agent for. Thin: each forwards to a real part of the agent. Each
 * gets its parameter already parsed by the bridge request table (BridgeServer does it).
 */
export function bridgeHandlers(deps: BridgeDeps): BridgeHandlers {
  // One clean at a time: a second click (or a second console) gets the running one's answer.
  let cleaning: Promise<CleanCacheResult> | null = null;
  const clean = async (): Promise<CleanCacheResult> => {
    let lastProgress = 0;
    const result = await cleanCaches({
      profilesDir: deps.settings.profilesDir(),
      isRunning: (profileId) => deps.running.isRunning(profileId),
      onProgress: (done, total) => {
        const now = Date.now();
        if (done !== total && now - lastProgress < PROGRESS_INTERVAL_MS) return;
        lastProgress = now;
        deps.push({ push: 'cleancacheprogress', parameter: { done, total } });
      },
    });
    deps.push({ push: 'cleancache', parameter: result });
    return result;
  };
  return {
    closeWindow: async () => {
      await deps.window?.close();
      return true;
    },
    quitClient: async () => {
      // Answered first, so the console hears it before the bridge goes away.
      setTimeout(() => deps.quit(), 100);
      return true;
    },
    openUrl: async (parameter) => {
      const { url } = parameter;
      if (!/^https?:\/\//i.test(url)) throw new BridgeFailure(BridgeError.NOT_ALLOWED);
      if (!deps.window) throw new BridgeFailure(BridgeError.FAILED);
      deps.window.openTab(url);
      return true;
    },
    setServer: async (parameter) => {
      const { url } = parameter;
      // Browsers opened through the current server save their cookies there at stop.
      if (deps.running.list().length > 0) throw new BridgeFailure(BridgeError.PROFILES_RUNNING);
      try {
        return { url: await deps.link.set(url) };
      } catch (error) {
        if (error instanceof ServerLinkRefusal) throw new BridgeFailure(serverRefusalCodes[error.reason]);
        throw error;
      }
    },
    base64Encode: async (parameter) => Buffer.from(parameter.text, 'utf8').toString('base64'),
    isBrowserRunning: async (parameter) => deps.running.isRunning(parameter.profileId),
    configInfo: async (): Promise<LocalClientConfig> => deps.settings.configInfo(),
    saveConfig: async (parameter): Promise<LocalClientConfig> => {
      try {
        return await deps.settings.save(parameter);
      } catch (error) {
        if (error instanceof SettingsRefusal) throw new BridgeFailure(error.code);
        throw error;
      }
    },
    kernels: async (): Promise<Kernel[]> => deps.kernels.list(),
    listDirectory: async (parameter): Promise<DirectoryListing> => {
      const { path, showHidden } = parameter ?? {};
      try {
        return await listDirectory(path, showHidden);
      } catch (error) {
        if (error instanceof DirectoryError) throw new BridgeFailure(error.reason === 'notFound' ? BridgeError.NOT_FOUND : BridgeError.NOT_ALLOWED);
        throw error;
      }
    },
    cleanCache: async (): Promise<CleanCacheResult> => {
      cleaning ??= clean().finally(() => {
        cleaning = null;
      });
      return cleaning;
    },
    // Logout closes every browser this client opened (spec §4), and the agent forgets the session.
    logout: async () => {
      deps.batches.cancelAll();
      await deps.adoptSession(null);
      await deps.running.stopAll();
      return true;
    },
    session: async (parameter) => {
      await deps.adoptSession(parameter.auth);
      return true;
    },
    startBrowser: async (parameter) => {
      const { profileId, headless } = parameter;
      try {
        return runningBrowserOf(await deps.running.start(profileId, { headless }));
      } catch (error) {
        const pushed = startErrorPush(profileId, error);
        deps.push({ push: 'starterror', parameter: pushed });
        throw new BridgeFailure(BridgeError.FAILED, `startError.${pushed.reason}`);
      }
    },
    checkFingerprint: async (parameter): Promise<FingerprintCheckOpened> => {
      const { profileId, lang } = parameter;
      try {
        return await deps.checkFingerprint(profileId, lang ?? 'en-US');
      } catch (error) {
        // A start that fails here is told as Open tells it: the push, and the reason's text.
        const pushed = startErrorPush(profileId, error);
        deps.push({ push: 'starterror', parameter: pushed });
        throw new BridgeFailure(BridgeError.FAILED, `startError.${pushed.reason}`);
      }
    },
    stopBrowser: async (parameter) => deps.running.stop(parameter.profileId),
    // Answered at once with the batch's first state; its progress and end come as `batch` pushes.
    startBrowsers: async (parameter): Promise<BrowserBatch> => {
      const { profileIds, headless } = parameter;
      return deps.batches.begin('start', profileIds, { headless });
    },
    stopBrowsers: async (parameter): Promise<BrowserBatch> => deps.batches.begin('stop', parameter.profileIds),
    browserBatches: async (): Promise<BrowserBatch[]> => deps.batches.list(),
    cancelBatch: async (parameter): Promise<BrowserBatch> => {
      const cancelled = deps.batches.cancel(parameter.batchId);
      if (!cancelled) throw new BridgeFailure(BridgeError.NOT_FOUND, 'browserBatch.notRunning');
      return cancelled;
    },
    arrangeWindows: async (parameter): Promise<ArrangeWindowsResult> => arrangeWindows(deps.running, parameter ?? {}),
    synchronizerStart: (parameter) => synchronized(() => deps.synchronizer.start(parameter.leaderId, parameter.followerIds, parameter.options)),
    synchronizerStop: () => synchronized(() => deps.synchronizer.stop()),
    synchronizerStatus: () => synchronized(async () => deps.synchronizer.status()),
    synchronizerResync: (parameter) => synchronized(() => deps.synchronizer.resync(parameter.profileId)),
    synchronizerDrop: (parameter) => synchronized(() => deps.synchronizer.drop(parameter.profileId)),
    testProxy: async (parameter): Promise<ProxyTestResult> => {
      const { proxy } = parameter;
      if (proxy.type === 'none' || proxy.direct) throw new BridgeFailure(BridgeError.BAD_REQUEST);
      try {
        const result = await testProxy(proxy, deps.ipCheckUrl);
        const where = await deps.geo(result.ip);
        return { ...result, ...(where ? { country: where.country, ...(where.timezone ? { timezone: where.timezone } : {}) } : {}) };
      } catch (error) {
        if (error instanceof ProxyCheckError) throw new BridgeFailure(BridgeError.FAILED, `startError.${error.reason}`);
        throw error;
      }
    },
    runningBrowsers: async (): Promise<RunningBrowser[]> => deps.running.list().map(runningBrowserOf),
  };
}
