/**
 * Which profiles have a live browser on this machine. The launch pipeline registers browsers
 * here; the bridge and the local API read it. One live browser per profile.
 */
export interface RunningBrowser {
  profileId: string;
  number: number;
  stop(): Promise<void>;
}

export class RunningProfiles {
  private readonly browsers = new Map<string, RunningBrowser>();

  isRunning(profileId: string): boolean {
    return this.browsers.has(profileId);
  }

  list(): RunningBrowser[] {
    return [...this.browsers.values()];
  }

  add(browser: RunningBrowser): void {
    if (this.browsers.has(browser.profileId)) throw new Error(`profile ${browser.profileId} already has a browser`);
    this.browsers.set(browser.profileId, browser);
  }

  remove(profileId: string): void {
    this.browsers.delete(profileId);
  }

  /** Logout and exit close every browser (spec §4). */
  async stopAll(): Promise<void> {
    await Promise.allSettled(this.list().map((b) => b.stop()));
    this.browsers.clear();
  }
}
