import { locateExpression, type CapturedInput, type CapturedTarget, type LocatedBox } from '@facet/page-scripts';
import { randomBytes } from 'node:crypto';
import type { BrowserPages, SyncedPage } from './browserPages.ts';
import type { FollowerHand } from './followerHand.ts';
import { buttonName, heldButton, keyEventParams } from './inputCommands.ts';

type PointerInput = Extract<CapturedInput, { kind: 'mouse' | 'wheel' }>;

/** Events a follower may have waiting: a few seconds of brisk typing and moving. */
const MAX_PENDING = 300;

/**
 * The leader's input replayed in one follower's tab with CDP's Input domain, so the page gets
 * trusted events as from a person: each event in order, each after its own delay from when the
 * leader made it (FollowerHand), the pointer placed on the follower's copy of the element the
 * leader's pointer was on (found in an isolated world of the follower's own: locateScript.ts),
 * else at the leader's position scaled to the follower's viewport.
 */
export class FollowerReplay {
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;
  /** The world the locate script runs in, per tab: its name is the synchronizer's, no page knows it. */
  private readonly worldName = `w${randomBytes(6).toString('hex')}`;
  private readonly worlds = new Map<string, number>();
  /** Where the last press landed, per tab: its release lands there too. */
  private readonly pressed = new Map<string, { path: string | null; x: number; y: number }>();
  /** When the last replayed event was dispatched (Date.now), for the benchmark and the status. */
  lastDispatchedAt = 0;
  /** Events queued and not yet dispatched. */
  private pending = 0;

  constructor(
    private readonly pages: BrowserPages,
    private readonly hand: FollowerHand,
    private readonly onError: (error: unknown) => void,
    /** The follower cannot keep up (its page hangs): the synchronizer takes it out of step. */
    private readonly onBehind: () => void = () => {},
  ) {}

  /** Queues `input`, made by the leader at `madeAt` (Date.now), for the follower's `pageIndex`-th tab. */
  replay(pageIndex: number, input: CapturedInput, madeAt: number): void {
    // A page that stops answering (a busy loop) would let the queue grow with every leader event.
    if (this.pending >= MAX_PENDING) return this.onBehind();
    this.pending++;
    const dueAt = madeAt + this.hand.delayMs();
    this.queue = this.queue
      .then(async () => {
        const wait = dueAt - Date.now();
        if (wait > 0) await sleep(wait);
        const page = this.pages.list()[pageIndex];
        if (this.stopped || !page) return;
        await this.dispatch(page, input);
        this.lastDispatchedAt = Date.now();
      })
      .catch(this.onError)
      .finally(() => this.pending--);
  }

  /** A tab's document changed: its world is another one now. */
  forgetDocument(page: SyncedPage): void {
    this.worlds.delete(page.sessionId);
    this.pressed.delete(page.sessionId);
  }

  stop(): void {
    this.stopped = true;
  }

  private async dispatch(page: SyncedPage, input: CapturedInput): Promise<void> {
    switch (input.kind) {
      case 'key':
        await this.pages.send(page, 'Input.dispatchKeyEvent', keyEventParams(input));
        return;
      case 'text':
        await this.pages.send(page, 'Input.insertText', { text: input.text });
        return;
      case 'wheel': {
        this.hand.newGesture();
        const at = await this.pointFor(page, input);
        await this.pages.send(page, 'Input.dispatchMouseEvent', { type: 'mouseWheel', x: at.x, y: at.y, deltaX: input.dx, deltaY: input.dy, modifiers: input.modifiers });
        return;
      }
      case 'mouse': {
        const path = input.target?.path ?? null;
        const held = this.pressed.get(page.sessionId);
        let at: { x: number; y: number };
        if (input.type === 'up' && held && held.path === path) {
          at = held;
        } else {
          this.hand.newGesture();
          at = await this.pointFor(page, input);
        }
        if (input.type === 'down') this.pressed.set(page.sessionId, { path, ...at });
        if (input.type === 'up') this.pressed.delete(page.sessionId);
        const type = input.type === 'down' ? 'mousePressed' : input.type === 'up' ? 'mouseReleased' : 'mouseMoved';
        const button = input.type === 'move' ? heldButton(input.buttons) : buttonName(input.button);
        await this.pages.send(page, 'Input.dispatchMouseEvent', { type, x: at.x, y: at.y, button, buttons: input.buttons, clickCount: input.clickCount, modifiers: input.modifiers });
        return;
      }
    }
  }

  /** On the follower's copy of the element, else the scaled position. */
  private async pointFor(page: SyncedPage, input: PointerInput): Promise<{ x: number; y: number }> {
    const box = input.target ? await this.locate(page, input.target) : null;
    if (box && input.target) return this.hand.pointIn(box, input.target.fx, input.target.fy);
    const viewport = (await this.viewport(page)) ?? { vw: input.vw, vh: input.vh };
    return this.hand.scaled(input.x, input.y, input, viewport);
  }

  private async locate(page: SyncedPage, target: CapturedTarget): Promise<LocatedBox | null> {
    const answer = await this.evaluate<LocatedBox | null>(page, locateExpression(target));
    return answer ?? null;
  }

  private async viewport(page: SyncedPage): Promise<{ vw: number; vh: number } | null> {
    const metrics = await this.pages.send<{ cssLayoutViewport: { clientWidth: number; clientHeight: number } }>(page, 'Page.getLayoutMetrics');
    return metrics ? { vw: metrics.cssLayoutViewport.clientWidth, vh: metrics.cssLayoutViewport.clientHeight } : null;
  }

  /** Evaluates in the follower's isolated world of the tab's top frame; a document replaced meanwhile is asked again once. */
  private async evaluate<T>(page: SyncedPage, expression: string, again = true): Promise<T | undefined> {
    let contextId = this.worlds.get(page.sessionId);
    if (contextId === undefined) {
      const world = await this.pages.send<{ executionContextId: number }>(page, 'Page.createIsolatedWorld', { frameId: page.mainFrameId, worldName: this.worldName, grantUniveralAccess: false });
      if (!world) return undefined;
      contextId = world.executionContextId;
      this.worlds.set(page.sessionId, contextId);
    }
    const answer = await this.pages.send<{ result: { value?: T }; exceptionDetails?: unknown }>(page, 'Runtime.evaluate', { expression, contextId, returnByValue: true, silent: true });
    if (answer) return answer.exceptionDetails ? undefined : answer.result.value;
    // No such context: the document was replaced since (or the tab has gone, and asking again says so).
    this.worlds.delete(page.sessionId);
    return again ? this.evaluate<T>(page, expression, false) : undefined;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
