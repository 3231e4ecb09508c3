import { profileListCall, sharedListCall, type FingerprintCheckOpened, type Kernel, type LocalRouteData, type LocalRouteId, type LocalRouteInput, type ProfileRef, type StartedBrowser } from '@facet/contracts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BrowserBatches } from '../../core/browserBatches.ts';
import type { ProfileSource } from '../../core/profileSource.ts';
import type { BrowserStatus, RunningProfiles } from '../../core/runningProfiles.ts';
import { NoAccountError } from '../../startFailure.ts';
import type { Synchronizer } from '../../synchronizer/synchronizer.ts';
import { LocalApiFailure } from './failures.ts';

/**
 * The browsers the local API finds and drives: the desktop agent's RunningProfiles, or a host's
 * runs, which only answer what runs (hostLocalApi.ts).
 */
export type LocalBrowsers = Pick<RunningProfiles, 'isRunning' | 'status' | 'browser' | 'list' | 'start' | 'stop' | 'stopAll'>;

export interface LocalApiDeps {
  key: string;
  running: LocalBrowsers;
  /** Who the agent acts as right now; null (no console, no token): profile calls answer `no_account`. */
  source: () => ProfileSource | null;
  /** The settings' password check, asked on every request; null when no password is set. */
  password?: () => ((given: string) => boolean) | null;
  /** Whether the settings let this user's own programs in without the key (guard.ts); left out, never. */
  keyless?: () => boolean;
  /** Opens the profile (started if needed) at the fingerprint check page, written in `lang` (core/openCheck.ts). */
  checkFingerprint?: (profileId: string, lang: string, options: { headless: boolean }) => Promise<FingerprintCheckOpened>;
  /** Where the profiles' folders are (delete-cache); left out, delete-cache answers `not_found`. */
  profilesDir?: () => string;
  /** A chromedriver for a Chromium major, '' when none (browser/machine/chromedriver.ts); left out, always ''. */
  webdriver?: (browserMajor: number) => Promise<string>;
  /** The agent's version, named in the OpenAPI document. */
  version?: string;
  /** The browsers installed here (browser/machine/kernels.ts); left out, the kernel paths answer `not_found`. */
  kernels?: () => Promise<Kernel[]>;
  /** Many profiles at once, shared with the desktop client's batches; left out, start-batch answers `not_found`. */
  batches?: () => BrowserBatches;
  /**
   * Paths answered by a room above this one, after the guard admitted the request (the MCP
   * server's `/mcp`, handed down by main.ts): the handler reads the request and writes the answer.
   */
  extraPaths?: Record<string, (request: IncomingMessage, response: ServerResponse) => Promise<void>>;
  /** The window synchronizer, shared with the desktop client's; left out, its paths answer `not_found`. */
  synchronizer?: Synchronizer;
}

/** What a route's handler is given: the agent's parts, and the account it acts as. */
export interface LocalContext extends LocalApiDeps {
  /** The account the agent acts as; `no_account` when there is none. */
  account(): ProfileSource;
  /** The id of a profile named by id or number (its own numbering first, then shared with it). */
  profileId(ref: ProfileRef): Promise<string>;
  /** Where scripts attach to a running browser, by AdsPower's names. */
  attach(status: BrowserStatus): Promise<StartedBrowser>;
}

export type LocalHandlers = { [K in LocalRouteId]: (input: LocalRouteInput<K>, ctx: LocalContext) => Promise<LocalRouteData<K>> };

export function localContext(deps: LocalApiDeps): LocalContext {
  const account = () => {
    const source = deps.source();
    if (!source) throw new NoAccountError();
    return source;
  };
  return {
    ...deps,
    account,
    profileId: async (ref) => {
      if ('id' in ref) return ref.id;
      const source = account();
      const own = await source.call(profileListCall, { serials: [ref.serial], limit: 20 });
      const found = own.list[0] ?? (await source.call(sharedListCall, { serials: [ref.serial], limit: 20 })).list[0];
      if (!found) throw new LocalApiFailure('profile_not_found');
      return found.id;
    },
    attach: async (status) => {
      const major = Number(deps.running.browser(status.profileId)?.profile?.kernelVersion);
      return {
        // The agent's endpoint with this start's secret; host:port for Selenium unless the start
        // said selenium=0 (host:port alone lets every process of this user in, and only those).
        ws: { puppeteer: status.endpoint ?? '', selenium: status.debugPort && status.debugPortOpen ? `127.0.0.1:${status.debugPort}` : '' },
        debug_port: String(status.debugPort ?? ''),
        webdriver: deps.webdriver && Number.isInteger(major) && major > 0 ? await deps.webdriver(major) : '',
      };
    },
  };
}
