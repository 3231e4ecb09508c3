import type { Profile, RunningBrowser, SkippedCookie } from '@facet/contracts';
import type { LaunchedBrowser } from '../browser/launch/launchBrowser.ts';

/** A launched browser with the profile as it was launched (the fingerprint check reads its proxy and settings). */
export type LaunchedProfile = LaunchedBrowser & { profile?: Profile };

type BrowserState = 'launching' | 'running';

/** What the console, the bridge and the local API see of a profile's browser. */
export interface BrowserStatus {
  profileId: string;
  state: BrowserState;
  /** The numbered icon; numbers of closed browsers are handed out again. */
  number: number;
  /** Started without a window (headless): the person sees nothing of it but the list. */
  headless: boolean;
  /** The agent's DevTools WebSocket for scripts, with this start's secret. */
  endpoint: string | null;
  debugPort: number | null;
  /** Whether `debugPort` lets a client in without the secret (asked at start, for Selenium). */
  debugPortOpen: boolean;
  /** Stored cookies the start left out, the browser refusing them. */
  skippedCookies: SkippedCookie[];
}

/** What the console is told of a browser (no endpoint: that is for the local API's scripts). */
export function runningBrowserOf({ profileId, state, number, headless, skippedCookies }: BrowserStatus): RunningBrowser {
  return { profileId, state, number, headless, skippedCookies };
}

export interface StartOptions {
  headless?: boolean;
  /** Let scripts attach by host:port alone (Selenium's debuggerAddress): every process of this user can then. */
  openDebugPort?: boolean;
  /**
   * Switches for this start in place of the profile's own command line (AdsPower's
   * `launch_args`), applied only through the same allowlist (browser/launch/commandLineSwitches.ts).
   */
  launchArgs?: readonly string[];
  /** Pages to open after the start page, each given the identity before it loads. */
  extraTabs?: readonly string[];
  /** false: the first tab stays blank instead of opening the profile's start page (or extra tabs). */
  openStartPage?: boolean;
  /** true: open the agent's IP check page as well; false: not even when it is the start page. */
  ipTab?: boolean;
  /** Remove the browser's caches from the profile's folder once the browser has gone. */
  clearCacheAfterClosing?: boolean;
  /**
   * Draw on a display of the caller's rather than the machine's (a host's run display, made to
   * the profile's screen): asked once the launch names the profile's screen, it answers the
   * environment that reaches it (DISPLAY, XAUTHORITY). The window then stands at the display's
   * top-left corner, filling it; such a start is never headless.
   */
  display?: (screen: { width: number; height: number }) => Promise<Record<string, string>>;
}

/** What starts a profile's browser (core/profileLauncher.ts; tests give their own). */
interface Launcher {
  launch(profileId: string, options: StartOptions): Promise<LaunchedProfile>;
}

interface Entry {
  status: BrowserStatus;
  starting: Promise<BrowserStatus>;
  browser: LaunchedProfile | null;
}

/**
 * The profiles with a live browser on this machine: not running → launching → running, and back
 * when the browser stops or is closed. One live browser per profile, whoever asks (console,
 * local API, a second click): a second start gets the first one's browser.
 */
export class RunningProfiles {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<(status: BrowserStatus | { profileId: string; state: 'stopped' }) => void>();

  constructor(private readonly launcher: Launcher) {}

  onChange(listener: (status: BrowserStatus | { profileId: string; state: 'stopped' }) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  isRunning(profileId: string): boolean {
    return this.entries.has(profileId);
  }

  status(profileId: string): BrowserStatus | null {
    return this.entries.get(profileId)?.status ?? null;
  }

  /** The profile's running browser; null while it launches or when it has none. */
  browser(profileId: string): LaunchedProfile | null {
    return this.entries.get(profileId)?.browser ?? null;
  }

  list(): BrowserStatus[] {
    return [...this.entries.values()].map((e) => e.status);
  }

  start(profileId: string, options: StartOptions = {}): Promise<BrowserStatus> {
    const existing = this.entries.get(profileId);
    if (existing) return options.openDebugPort ? existing.starting.then((status) => this.openDoor(existing, status)) : existing.starting;
    const status: BrowserStatus = { profileId, state: 'launching', number: this.freeNumber(), headless: options.headless === true, endpoint: null, debugPort: null, debugPortOpen: false, skippedCookies: [] };
    const entry: Entry = { status, browser: null, starting: Promise.resolve(status) };
    entry.starting = (async () => {
      try {
        const browser = await this.launcher.launch(profileId, options);
        entry.browser = browser;
        Object.assign(status, { state: 'running', endpoint: browser.endpoint, debugPort: browser.debugPort, debugPortOpen: browser.debugPortOpen, skippedCookies: browser.skippedCookies });
        this.emit(status);
        void browser.exited.then(() => this.forget(profileId, entry));
        return status;
      } catch (error) {
        this.forget(profileId, entry);
        throw error;
      }
    })();
    this.entries.set(profileId, entry);
    this.emit(status);
    return entry.starting;
  }

  /** A second start that asks for Selenium's host:port gets it on the browser already running. */
  private openDoor(entry: Entry, status: BrowserStatus): BrowserStatus {
    if (entry.browser && !status.debugPortOpen) {
      entry.browser.openDebugDoor();
      status.debugPortOpen = true;
    }
    return status;
  }

  /** Stops the profile's browser; false when it had none. A launching one is stopped once up. */
  async stop(profileId: string): Promise<boolean> {
    const entry = this.entries.get(profileId);
    if (!entry) return false;
    await entry.starting.catch(() => {});
    await entry.browser?.stop();
    this.forget(profileId, entry);
    return true;
  }

  /** Logout and exit close every browser (spec §4). */
  async stopAll(): Promise<void> {
    await Promise.allSettled([...this.entries.keys()].map((id) => this.stop(id)));
  }

  private forget(profileId: string, entry: Entry): void {
    if (this.entries.get(profileId) !== entry) return;
    this.entries.delete(profileId);
    this.emit({ profileId, state: 'stopped' });
  }

  private freeNumber(): number {
    const taken = new Set([...this.entries.values()].map((e) => e.status.number));
    let n = 1;
    while (taken.has(n)) n++;
    return n;
  }

  private emit(status: BrowserStatus | { profileId: string; state: 'stopped' }): void {
    for (const listener of this.listeners) listener({ ...status });
  }
}
