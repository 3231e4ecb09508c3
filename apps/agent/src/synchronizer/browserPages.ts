import { CdpError, type CdpConnection } from '../browser/cdp/cdp.ts';

/** One tab of a synchronized browser, on a session of the synchronizer's own. */
export interface SyncedPage {
  sessionId: string;
  targetId: string;
  mainFrameId: string;
  /** The main frame's address as last seen. */
  url: string;
}

export interface PageHooks {
  /** A page's session is open and its Page domain on; set it up before it counts (the leader's capture). */
  prepare(page: SyncedPage): Promise<void>;
  /** A frame of the page has a new document (`main`: its top frame), or moved within its document. */
  navigated(page: SyncedPage, frameId: string, url: string, main: boolean, newDocument: boolean): void;
  /** Any other event on one of the pages' sessions. */
  event(page: SyncedPage, method: string, params: Record<string, unknown>): void;
  /** The page closed. */
  gone(page: SyncedPage): void;
}

interface FrameTree {
  frame: { id: string; url: string };
  childFrames?: FrameTree[];
}

/**
 * The tabs of one running browser, each on a session the synchronizer attaches itself through
 * the agent's own connection (the pipe's root: neither a client nor the page hears of it), in
 * the order they were found: the tabs open now, then each one opened later (a popup, a new tab).
 * `close` detaches every session, and with them what was added on them.
 */
export class BrowserPages {
  private readonly pages: SyncedPage[] = [];
  /** Each target seen, by the order it was found in (its place in `pages` once set up). */
  private readonly known = new Map<string, number>();
  private readonly stopListening: () => void;
  private closed = false;

  constructor(
    private readonly cdp: CdpConnection,
    private readonly hooks: PageHooks,
    private readonly onError: (error: unknown) => void,
  ) {
    this.stopListening = cdp.on((event) => this.receive(event.method, event.params, event.sessionId));
  }

  /** Attaches to the tabs open now (those opened from now on are attached as they come). */
  async attachOpenTabs(): Promise<void> {
    const { targetInfos } = await this.cdp.send<{ targetInfos: { targetId: string; type: string }[] }>('Target.getTargets');
    await Promise.all(targetInfos.filter((t) => t.type === 'page').map((t) => this.attach(t.targetId)));
  }

  list(): readonly SyncedPage[] {
    return this.pages;
  }

  /** Calls `method` on the page's session; a page that has gone meanwhile answers null. */
  async send<T = Record<string, unknown>>(page: SyncedPage, method: string, params: Record<string, unknown> = {}): Promise<T | null> {
    try {
      return await this.cdp.send<T>(method, params, page.sessionId);
    } catch (error) {
      if (error instanceof CdpError && error.kind === 'closed') return null;
      throw error;
    }
  }

  async close(before: (page: SyncedPage) => Promise<void>): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(this.pages.map((page) => before(page).catch(this.onError)));
    this.stopListening();
    if (this.cdp.closed) return;
    await Promise.all(this.pages.map((page) => this.cdp.send('Target.detachFromTarget', { sessionId: page.sessionId }).catch(() => undefined)));
  }

  private async attach(targetId: string): Promise<void> {
    if (this.known.has(targetId) || this.closed) return;
    const rank = this.known.size;
    this.known.set(targetId, rank);
    try {
      const { sessionId } = await this.cdp.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
      // Page events (frames, navigations) only come with the domain on; pages cannot tell.
      await this.cdp.send('Page.enable', {}, sessionId);
      const { frameTree } = await this.cdp.send<{ frameTree: FrameTree }>('Page.getFrameTree', {}, sessionId);
      const page: SyncedPage = { sessionId, targetId, mainFrameId: frameTree.frame.id, url: frameTree.frame.url };
      await this.hooks.prepare(page);
      if (this.closed) {
        await this.cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
        return;
      }
      // Tabs are set up side by side and finish in any order (a tab with more frames takes
      // longer): each takes its place by when it was found, so tab n is the same in every browser.
      const after = this.pages.findIndex((p) => this.known.get(p.targetId)! > rank);
      this.pages.splice(after < 0 ? this.pages.length : after, 0, page);
    } catch (error) {
      // A tab that closed while it was set up is no failure.
      if (!(error instanceof CdpError && error.kind !== 'protocol')) this.onError(error);
    }
  }

  private receive(method: string, params: Record<string, unknown>, sessionId: string | undefined): void {
    if (this.closed) return;
    if (!sessionId) {
      // A tab opened later: the agent's own auto-attach tells of it first (attachIdentity.ts).
      if (method === 'Target.attachedToTarget') {
        const info = params.targetInfo as { targetId: string; type: string };
        if (info.type === 'page') void this.attach(info.targetId);
      } else if (method === 'Target.detachedFromTarget') {
        const at = this.pages.findIndex((p) => p.sessionId === params.sessionId);
        if (at >= 0) {
          const [page] = this.pages.splice(at, 1);
          this.hooks.gone(page!);
        }
      }
      return;
    }
    const page = this.pages.find((p) => p.sessionId === sessionId);
    if (!page) return;
    if (method === 'Page.frameNavigated') {
      const frame = params.frame as { id: string; parentId?: string; url: string; urlFragment?: string };
      const main = frame.parentId === undefined;
      const url = frame.url + (frame.urlFragment ?? '');
      if (main) page.url = url;
      this.hooks.navigated(page, frame.id, url, main, true);
    } else if (method === 'Page.navigatedWithinDocument') {
      const { frameId, url } = params as { frameId: string; url: string };
      const main = frameId === page.mainFrameId;
      if (main) page.url = url;
      this.hooks.navigated(page, frameId, url, main, false);
    } else {
      this.hooks.event(page, method, params);
    }
  }
}
