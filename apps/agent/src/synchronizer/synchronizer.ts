import {
  synchronizerOptionsSchema,
  type FollowerState,
  type SynchronizerOptions,
  type SynchronizerOptionsInput,
  type SynchronizerStatus,
} from '@facet/contracts';
import type { CapturedInput } from '@facet/page-scripts';
import type { CdpConnection } from '../browser/cdp/cdp.ts';
import { BrowserPages, type SyncedPage } from './browserPages.ts';
import { FollowerHand } from './followerHand.ts';
import { FollowerReplay } from './followerReplay.ts';
import { LeaderCapture } from './leaderCapture.ts';
import { samePage } from './samePage.ts';
import { SynchronizerRefusal } from './synchronizerRefusal.ts';

/** How long `resync` waits for the follower to arrive before it answers. */
const RESYNC_WAIT_MS = 5_000;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A running profile's browser as the synchronizer needs it (core's RunningProfiles answers it). */
export interface SyncableBrowsers {
  browser(profileId: string): { connection: CdpConnection; exited: Promise<void> } | null;
}

interface Follower {
  profileId: string;
  state: FollowerState;
  pages: BrowserPages;
  replay: FollowerReplay;
  /** When its top page last went somewhere (Date.now), whoever sent it. */
  navigatedAt: number;
}

interface Running {
  leaderId: string;
  leader: { stop(): Promise<void>; pages(): readonly SyncedPage[] };
  /** The leader's tabs' addresses by index, and when its first tab last went somewhere. */
  leaderUrls: string[];
  leaderNavigatedAt: number;
  followers: Map<string, Follower>;
  options: SynchronizerOptions;
  timers: Set<NodeJS.Timeout>;
}

/**
 * The window synchronizer: one per agent. A start while one runs is refused
 * (`synchronizer_running`): a profile can follow only one leader, and the console shows one
 * state. The leader's input (leaderCapture.ts) is replayed in each follower that is in step
 * (followerReplay.ts), with its own delays and offsets (followerHand.ts).
 *
 * Step: a follower is `inStep` while its first tab is on the leader's first tab's page
 * (samePage.ts). When the leader goes to another page, a follower in step that is not there
 * after `navigationSettleMs` (its replayed click may already be taking it) is sent there. A
 * follower that goes elsewhere on its own, and is still elsewhere after that time with the
 * leader not having moved since, is `outOfStep`: nothing is replayed in it until `resync`.
 * At start, a follower on another page than the leader's is sent to the leader's page.
 * A follower whose browser closes is `closed`; the leader's closing stops the synchronizer.
 */
export class Synchronizer {
  private running: Running | null = null;
  private starting = false;
  private readonly listeners = new Set<(status: SynchronizerStatus) => void>();

  constructor(
    private readonly browsers: SyncableBrowsers,
    private readonly onError: (error: unknown) => void,
    /** The source of every follower's differences (tests give a fixed one). */
    private readonly random: () => number = Math.random,
  ) {}

  /** Told of every change of the status (a follower's state, a start, a stop). */
  onChange(listener: (status: SynchronizerStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  status(): SynchronizerStatus {
    const running = this.running;
    if (!running) return { running: false, leaderId: null, followers: [] };
    const leaderUrl = running.leaderUrls[0];
    return {
      running: true,
      leaderId: running.leaderId,
      ...(leaderUrl ? { leaderUrl } : {}),
      followers: [...running.followers.values()].map((f) => {
        const url = f.state === 'closed' ? undefined : f.pages.list()[0]?.url;
        return { profileId: f.profileId, state: f.state, ...(url ? { url } : {}) };
      }),
    };
  }

  async start(leaderId: string, followerIds: readonly string[], optionsInput: SynchronizerOptionsInput = {}): Promise<SynchronizerStatus> {
    if (this.running || this.starting) throw new SynchronizerRefusal('synchronizer_running');
    const leaderBrowser = this.browsers.browser(leaderId);
    if (!leaderBrowser || leaderBrowser.connection.closed) throw new SynchronizerRefusal('leader_not_running', leaderId);
    const followerBrowsers = followerIds.map((id) => ({ id, browser: this.browsers.browser(id) }));
    const missing = followerBrowsers.find((f) => !f.browser || f.browser.connection.closed);
    if (missing) throw new SynchronizerRefusal('follower_not_running', missing.id);
    const options = synchronizerOptionsSchema.parse(optionsInput);
    this.starting = true;
    const run: Running = { leaderId, leader: { stop: async () => {}, pages: () => [] }, leaderUrls: [], leaderNavigatedAt: 0, followers: new Map(), options, timers: new Set() };
    try {
      for (const { id, browser } of followerBrowsers) run.followers.set(id, await this.follow(run, id, browser!.connection));
      run.leader = await LeaderCapture.start(
        leaderBrowser.connection,
        {
          input: (pageIndex, input) => this.replay(run, pageIndex, input),
          navigated: (pageIndex, url) => this.leaderNavigated(run, pageIndex, url),
        },
        this.onError,
      );
      run.leaderUrls = run.leader.pages().map((p) => p.url);
    } catch (error) {
      await Promise.all([run.leader.stop(), ...[...run.followers.values()].map((f) => f.pages.close(async () => {}))]).catch(this.onError);
      throw error;
    } finally {
      this.starting = false;
    }
    this.running = run;
    void leaderBrowser.exited.then(async () => {
      if (this.running === run) await this.stop().catch(this.onError);
    });
    for (const { id, browser } of followerBrowsers) void browser!.exited.then(() => this.setState(run, id, 'closed'));
    this.bringToLeader(run);
    this.changed();
    return this.status();
  }

  /** Ends everything: the capture's scripts, listeners and bindings leave every leader page; every session is detached. */
  async stop(): Promise<SynchronizerStatus> {
    const run = this.running;
    if (!run) throw new SynchronizerRefusal('synchronizer_not_running');
    this.running = null;
    for (const timer of run.timers) clearTimeout(timer);
    for (const follower of run.followers.values()) follower.replay.stop();
    await Promise.all([run.leader.stop(), ...[...run.followers.values()].map((f) => f.pages.close(async () => {}))]);
    this.changed();
    return this.status();
  }

  /** Takes the follower's first tab to the leader's page; it is in step once there. */
  async resync(profileId: string): Promise<SynchronizerStatus> {
    const { run, follower } = this.followerOf(profileId);
    if (follower.state === 'closed' || follower.state === 'dropped') throw new SynchronizerRefusal('follower_unavailable', profileId);
    const leaderUrl = run.leaderUrls[0];
    const page = follower.pages.list()[0];
    if (leaderUrl && page) {
      if (samePage(page.url, leaderUrl)) this.setState(run, profileId, 'inStep');
      else if (followable(leaderUrl)) {
        await follower.pages.send(page, 'Page.navigate', { url: leaderUrl });
        // Answered once it is there (its top frame's navigation told), or after a few seconds as it stands.
        for (let waited = 0; waited < RESYNC_WAIT_MS && follower.state === 'outOfStep' && this.running === run; waited += 50) await sleep(50);
      }
    }
    return this.status();
  }

  /** Nothing more is replayed in the follower; its browser goes on, and the others stay synchronized. */
  async drop(profileId: string): Promise<SynchronizerStatus> {
    const { run, follower } = this.followerOf(profileId);
    if (follower.state !== 'dropped') {
      follower.replay.stop();
      this.setState(run, profileId, 'dropped');
      await follower.pages.close(async () => {});
    }
    return this.status();
  }

  private followerOf(profileId: string): { run: Running; follower: Follower } {
    const run = this.running;
    if (!run) throw new SynchronizerRefusal('synchronizer_not_running');
    const follower = run.followers.get(profileId);
    if (!follower) throw new SynchronizerRefusal('not_a_follower', profileId);
    return { run, follower };
  }

  private async follow(run: Running, profileId: string, connection: CdpConnection): Promise<Follower> {
    let follower: Follower | null = null;
    const pages = new BrowserPages(
      connection,
      {
        prepare: async () => {},
        navigated: (page, _frameId, url, main, newDocument) => {
          if (!follower || !main) return;
          if (newDocument) follower.replay.forgetDocument(page);
          if (follower.pages.list()[0] === page) this.followerNavigated(run, follower, url);
        },
        event: () => {},
        gone: (page) => follower?.replay.forgetDocument(page),
      },
      this.onError,
    );
    await pages.attachOpenTabs();
    const hand = new FollowerHand(run.options, this.random);
    follower = { profileId, state: 'inStep', pages, replay: new FollowerReplay(pages, hand, this.onError, () => this.setState(run, profileId, 'outOfStep')), navigatedAt: 0 };
    return follower;
  }

  private replay(run: Running, pageIndex: number, input: CapturedInput): void {
    if (this.running !== run || pageIndex < 0) return;
    const madeAt = Date.now();
    for (const follower of run.followers.values()) if (follower.state === 'inStep') follower.replay.replay(pageIndex, input, madeAt);
  }

  private leaderNavigated(run: Running, pageIndex: number, url: string): void {
    if (pageIndex < 0) return;
    run.leaderUrls[pageIndex] = url;
    if (pageIndex === 0) run.leaderNavigatedAt = Date.now();
    if (this.running !== run) return;
    for (const follower of run.followers.values()) {
      const page = follower.pages.list()[pageIndex];
      if (pageIndex === 0 && follower.state === 'inStep' && page && samePage(page.url, url)) continue;
      this.later(run, () => {
        const now = follower.pages.list()[pageIndex];
        if (follower.state !== 'inStep' || !now || run.leaderUrls[pageIndex] !== url || samePage(now.url, url) || !followable(url)) return;
        void follower.pages.send(now, 'Page.navigate', { url }).catch(this.onError);
      });
    }
    this.changed();
  }

  private followerNavigated(run: Running, follower: Follower, url: string): void {
    follower.navigatedAt = Date.now();
    const leaderUrl = run.leaderUrls[0];
    if (!leaderUrl || follower.state === 'dropped' || follower.state === 'closed') return;
    if (samePage(url, leaderUrl)) {
      this.setState(run, follower.profileId, 'inStep');
      // Its address is news even when its state is not (the panel shows where each one is).
      if (this.running === run) this.changed();
      return;
    }
    const ownAt = follower.navigatedAt;
    this.later(run, () => {
      const page = follower.pages.list()[0];
      const leaderNow = run.leaderUrls[0];
      // Still elsewhere, and it moved last: not on its way to where the leader went.
      if (follower.navigatedAt === ownAt && run.leaderNavigatedAt <= ownAt && page && leaderNow && !samePage(page.url, leaderNow)) this.setState(run, follower.profileId, 'outOfStep');
    });
    this.changed();
  }

  /** At start, followers on another page than the leader's go there (only to web pages: never a browser page). */
  private bringToLeader(run: Running): void {
    const leaderUrl = run.leaderUrls[0];
    if (!leaderUrl || !followable(leaderUrl)) return;
    for (const follower of run.followers.values()) {
      const page = follower.pages.list()[0];
      if (page && !samePage(page.url, leaderUrl)) void follower.pages.send(page, 'Page.navigate', { url: leaderUrl }).catch(this.onError);
    }
  }

  private later(run: Running, then: () => void): void {
    const timer = setTimeout(() => {
      run.timers.delete(timer);
      if (this.running === run) then();
    }, run.options.navigationSettleMs);
    run.timers.add(timer);
  }

  private setState(run: Running, profileId: string, state: FollowerState): void {
    const follower = run.followers.get(profileId);
    if (!follower || follower.state === state || follower.state === 'dropped' || follower.state === 'closed') return;
    follower.state = state;
    if (state === 'closed') follower.replay.stop();
    if (this.running === run) this.changed();
  }

  private changed(): void {
    const status = this.status();
    for (const listener of this.listeners) listener(status);
  }
}

/**
 * Where followers are sent after the leader: web pages only. The browser's own pages (chrome:,
 * chrome-extension:, devtools:) and file: are the person's own business in that one window, and a
 * browser-initiated navigation there would not even ask.
 */
function followable(url: string): boolean {
  return /^https?:\/\//i.test(url) || url === 'about:blank';
}
