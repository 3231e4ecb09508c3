import { synchronizerCaptureScript, type CapturedInput } from '@facet/page-scripts';
import { randomBytes } from 'node:crypto';
import type { CdpConnection } from '../browser/cdp/cdp.ts';
import { BrowserPages, type SyncedPage } from './browserPages.ts';
import { parseCapturedInput } from './capturedInput.ts';

export interface LeaderEvents {
  /** The person's input in the leader's `pageIndex`-th tab, as the agent received it. */
  input(pageIndex: number, input: CapturedInput): void;
  /** The leader's tab went to `url` (a new document, or within the document). */
  navigated(pageIndex: number, url: string): void;
}

/** A name no page could guess, fresh at every start: for the world, the binding and the teardown. */
function freshName(prefix: string): string {
  return `${prefix}${randomBytes(6).toString('hex')}`;
}

/**
 * The leader's input, captured in every frame of every tab (those open now and those opened
 * later) by the capture script in an isolated world of the synchronizer's own
 * (packages/page-scripts: synchronizerCaptureScript). The binding it reports through is put into
 * that world of each document alone, by context id: V8 adds a binding meant for every context
 * to new ones only while the Runtime domain is on, and switching Runtime on shows (quietRuntime.ts).
 * `stop` removes the listeners, the binding and the new-document script from every page.
 */
export class LeaderCapture {
  private readonly worldName = freshName('w');
  private readonly bindingName = freshName('b');
  private readonly teardownName = freshName('t');
  /** Per session: the new-document script's identifier, and the contexts given the binding by frame. */
  private readonly installed = new Map<string, { script: string; contexts: Map<string, number> }>();

  private constructor(private readonly onError: (error: unknown) => void) {}

  static async start(cdp: CdpConnection, events: LeaderEvents, onError: (error: unknown) => void): Promise<{ stop(): Promise<void>; pages(): readonly SyncedPage[] }> {
    const capture = new LeaderCapture(onError);
    const pages: BrowserPages = new BrowserPages(
      cdp,
      {
        prepare: (page) => capture.install(pages, page),
        navigated: (page, frameId, url, main, newDocument) => {
          if (newDocument) void capture.bindFrame(pages, page, frameId).catch(onError);
          if (main) events.navigated(pages.list().indexOf(page), url);
        },
        event: (page, method, params) => {
          if (method !== 'Runtime.bindingCalled' || params.name !== capture.bindingName) return;
          const input = typeof params.payload === 'string' ? parseCapturedInput(params.payload) : null;
          if (input) events.input(pages.list().indexOf(page), input);
        },
        gone: (page) => capture.installed.delete(page.sessionId),
      },
      onError,
    );
    await pages.attachOpenTabs();
    return {
      pages: () => pages.list(),
      stop: () => pages.close((page) => capture.uninstall(pages, page)),
    };
  }

  private async install(pages: BrowserPages, page: SyncedPage): Promise<void> {
    const source = synchronizerCaptureScript(this.bindingName, this.teardownName);
    const added = await pages.send<{ identifier: string }>(page, 'Page.addScriptToEvaluateOnNewDocument', { source, worldName: this.worldName, runImmediately: true });
    if (!added) return;
    this.installed.set(page.sessionId, { script: added.identifier, contexts: new Map() });
    const tree = await pages.send<{ frameTree: FrameTree }>(page, 'Page.getFrameTree');
    if (tree) await Promise.all(framesOf(tree.frameTree).map((frameId) => this.bindFrame(pages, page, frameId)));
  }

  /** The binding into the capture's world of the frame's current document (it keeps input until then). */
  private async bindFrame(pages: BrowserPages, page: SyncedPage, frameId: string): Promise<void> {
    const installed = this.installed.get(page.sessionId);
    if (!installed) return;
    // The same name answers the world the new-document script already runs in.
    const world = await pages.send<{ executionContextId: number }>(page, 'Page.createIsolatedWorld', { frameId, worldName: this.worldName, grantUniveralAccess: false });
    if (!world) return;
    installed.contexts.set(frameId, world.executionContextId);
    await pages.send(page, 'Runtime.addBinding', { name: this.bindingName, executionContextId: world.executionContextId }).catch((error: unknown) => {
      // A frame that navigated again meanwhile has no such context any more: its next document is bound anew.
      if (installed.contexts.get(frameId) === world.executionContextId) this.onError(error);
    });
  }

  private async uninstall(pages: BrowserPages, page: SyncedPage): Promise<void> {
    const installed = this.installed.get(page.sessionId);
    if (!installed) return;
    this.installed.delete(page.sessionId);
    await pages.send(page, 'Page.removeScriptToEvaluateOnNewDocument', { identifier: installed.script });
    await pages.send(page, 'Runtime.removeBinding', { name: this.bindingName });
    const teardown = `typeof globalThis[${JSON.stringify(this.teardownName)}] === 'function' && globalThis[${JSON.stringify(this.teardownName)}]()`;
    await Promise.all(
      [...installed.contexts.values()].map((contextId) =>
        // A context gone with its document took the listeners with it.
        pages.send(page, 'Runtime.evaluate', { expression: teardown, contextId, silent: true }).catch(() => undefined),
      ),
    );
  }
}

interface FrameTree {
  frame: { id: string };
  childFrames?: FrameTree[];
}

function framesOf(tree: FrameTree): string[] {
  return [tree.frame.id, ...(tree.childFrames ?? []).flatMap(framesOf)];
}
