import { randomInt } from 'node:crypto';
import { ordinaryWord } from './cdpMask.ts';
import { hiddenGlobalsScript } from './hiddenGlobals.ts';

/**
 * A masked client's `Runtime` domain, answered by the agent instead of switched on in the page.
 *
 * While any session has `Runtime` on, Chromium hands every `console.*` call's arguments to the
 * inspector, which formats them: an error passed to `console.debug` has its stack formatted, so a
 * page that put a getter on `Error.prepareStackTrace` sees it read (measured on Chromium 156 in
 * docs/decisions.md; its `name` getter is read twice instead of once). Messages logged before are
 * formatted the moment `Runtime` is switched on, so even switching it on and off again shows.
 *
 * Clients switch it on for one thing: to hear which execution contexts exist (`Runtime.
 * executionContextCreated`), the ids their evaluations name. The agent sits between client and
 * browser, so it tells them itself, without running anything the page could see:
 * - a frame's main world: an isolated world of the agent's own reads the frame's `document`,
 *   `DOM.resolveNode` gives the same node in the main world, and the remote object's id carries
 *   its context's id (V8 writes it `isolate.context.object`);
 * - an isolated world a client asked for: `Page.createIsolatedWorld` answers its id, and asking
 *   again for the same name in a frame answers the world that frame already has;
 * - a worker: its one global, `self`, the same way.
 * Frames are followed by their `Page` events: a navigation clears or destroys the old contexts
 * before the client hears of it, and the new ones are told once found, as Chromium orders them.
 * V8 puts a binding meant for every context (`Runtime.addBinding` without a context) into new
 * contexts only while the domain is on, so the agent puts the client's into each context before
 * telling of it; a page that calls an exposed function in its very first script, before the
 * agent has found its context (a few milliseconds), finds it missing.
 *
 * The names a client puts on a page's window (its bindings, Playwright's controller,
 * chromedriver's copies of built-ins) are kept off the window's own names (hiddenGlobals.ts),
 * before the client's first script that uses them.
 *
 * What a client gives up: `Runtime.consoleAPICalled` and `Runtime.exceptionThrown` (the page's
 * console and uncaught errors) are never produced; with `?cdp_mask=0` the domain is the browser's.
 */
export interface QuietHost {
  /** A command of the agent's own on a client's session, answered to the agent only. */
  call(session: string, method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** An event delivered to the client as if Chromium had sent it on `session`. */
  emit(session: string, method: string, params: Record<string, unknown>): void;
}

/** What kind of target a client's session is on: windows have frames, workers one global. */
export type QuietKind = 'window' | 'worker';

interface ClientCommand {
  method: string;
  params?: Record<string, unknown>;
}

/** What becomes of a client's command: answered here, or sent on (perhaps rewritten). */
type QuietOutcome = { answer: Record<string, unknown> } | { forward: Record<string, unknown> | undefined };

interface Context {
  id: number;
  uniqueId: string;
  /** '' for a main world or a worker's global. */
  worldName: string;
}

interface FrameState {
  origin: string;
  parentId: string | undefined;
  contexts: Context[];
  /** Bumped by every new document, so a search that finishes late tells nothing stale. */
  generation: number;
}

interface SessionState {
  kind: QuietKind;
  url: string;
  enabled: boolean;
  /** World names the client asked to have in every new document. */
  worlds: Set<string>;
  frames: Map<string, FrameState>;
  /** The unique ids told to the client → the context ids they stand for. */
  uniqueIds: Map<string, number>;
  /** Bindings the client wants in every context: name → the world name it is for ('' for main worlds). */
  bindings: Map<string, string>;
  /** The client's names kept off the window's own names in this target's documents. */
  hidden: Set<string>;
  workerContext?: Context;
  /** The target waits for this client's resume (it attached with waitForDebuggerOnStart). */
  paused: boolean;
}

/** Longest one context is searched for before it is left untold (a frame gone mid-search). */
const FIND_WAIT_MS = 3_000;

export class QuietRuntime {
  private readonly sessions = new Map<string, SessionState>();
  /** The agent's own isolated world, through which main worlds are found; never told to a client. */
  private readonly probeWorld = ordinaryWord();

  /** `globalsOf`: the names a client's (masked) script puts on a window (cdpMask.ts). */
  constructor(
    private readonly host: QuietHost,
    private readonly globalsOf: (text: string) => string[] = () => [],
  ) {}

  /** A client's session on a target the runtime is kept quiet on. */
  track(session: string, kind: QuietKind, url = '', paused = false): void {
    if (!this.sessions.has(session)) this.sessions.set(session, { kind, url, paused, enabled: false, worlds: new Set(), frames: new Map(), uniqueIds: new Map(), bindings: new Map(), hidden: new Set() });
  }

  forget(session: string): void {
    this.sessions.delete(session);
  }

  /** A client's command on `session`, before it is sent to the browser. */
  async command(session: string, message: ClientCommand): Promise<QuietOutcome> {
    const state = this.sessions.get(session);
    const params = message.params;
    if (!state) return { forward: params };
    switch (message.method) {
      case 'Runtime.enable':
        if (!state.enabled) {
          state.enabled = true;
          // Told before the answer, as Chromium does (chromedriver counts on it), unless the
          // target still waits for the client's own resume, queued behind this command: until
          // then it answers nothing, and its contexts are told after.
          const telling = state.kind === 'worker' ? this.tellWorker(session, state) : this.tellWindow(session, state);
          if (!state.paused) await telling;
        }
        return { answer: {} };
      case 'Runtime.runIfWaitingForDebugger':
        state.paused = false;
        return { forward: params };
      case 'Runtime.disable':
        state.enabled = false;
        return { answer: {} };
      case 'Runtime.addBinding': {
        // V8 puts a binding meant for every context into new ones only while Runtime is on; the
        // agent puts it into each context it tells of, and into those already told now.
        if (typeof params?.name !== 'string' || params.executionContextId !== undefined) return { forward: params };
        const worldName = typeof params.executionContextName === 'string' ? params.executionContextName : '';
        if (worldName === '') await this.hide(session, state, [params.name]);
        state.bindings.set(params.name, worldName);
        await Promise.all(this.toldContexts(state, worldName).map((id) => this.host.call(session, 'Runtime.addBinding', { name: params.name, executionContextId: id }).catch(() => {})));
        return { answer: {} };
      }
      case 'Runtime.removeBinding':
        if (typeof params?.name === 'string') state.bindings.delete(params.name);
        return { forward: params };
      case 'Page.addScriptToEvaluateOnNewDocument':
        if (typeof params?.worldName === 'string' && params.worldName) state.worlds.add(params.worldName);
        else if (typeof params?.source === 'string') await this.hide(session, state, this.globalsOf(params.source));
        return { forward: params };
      case 'Runtime.evaluate':
      case 'Runtime.callFunctionOn': {
        const script = params?.expression ?? params?.functionDeclaration;
        if (typeof script === 'string') await this.hide(session, state, this.globalsOf(script));
        // A unique id is ours: the context it stands for is named by its id on this session
        // (chromedriver names contexts only by their unique ids).
        const unique = typeof params?.uniqueContextId === 'string' ? state.uniqueIds.get(params.uniqueContextId) : undefined;
        if (unique === undefined) return { forward: params };
        const { uniqueContextId: _told, ...rest } = params!;
        return { forward: { ...rest, [message.method === 'Runtime.evaluate' ? 'contextId' : 'executionContextId']: unique } };
      }
      default:
        return { forward: params };
    }
  }

  /** The browser's answer to a client's `Page.createIsolatedWorld`: the world is told before the answer. */
  isolatedWorldCreated(session: string, params: Record<string, unknown> | undefined, result: Record<string, unknown> | undefined): void {
    const state = this.sessions.get(session);
    const id = result?.executionContextId;
    const frameId = params?.frameId;
    if (!state?.enabled || typeof id !== 'number' || typeof frameId !== 'string') return;
    const frame = state.frames.get(frameId);
    if (!frame || frame.contexts.some((context) => context.id === id)) return;
    this.tell(session, state, frame, frameId, id, typeof params?.worldName === 'string' ? params.worldName : '');
  }

  /**
   * A browser event on a client's session. `deliver` hands it to the client; the contexts a new
   * document ends are told gone before it, the ones it brings are searched for after.
   */
  event(session: string, method: string, params: Record<string, unknown>, deliver: () => void): void {
    const state = this.sessions.get(session);
    if (!state || state.kind !== 'window') return deliver();
    switch (method) {
      case 'Page.frameNavigated': {
        const frame = params.frame as { id: string; parentId?: string; securityOrigin?: string };
        const known = state.frames.get(frame.id);
        const generation = (known?.generation ?? 0) + 1;
        if (!frame.parentId) {
          // A new top document: Chromium clears every context of the target at once.
          if (state.enabled && [...state.frames.values()].some((f) => f.contexts.length > 0)) this.host.emit(session, 'Runtime.executionContextsCleared', {});
          for (const f of state.frames.values()) this.dropContexts(state, f, false, session);
          state.frames.clear();
        } else if (known) this.dropContexts(state, known, true, session);
        state.frames.set(frame.id, { origin: frame.securityOrigin ?? '', parentId: frame.parentId, contexts: [], generation });
        deliver();
        if (state.enabled) void this.findFrame(session, state, frame.id, generation);
        return;
      }
      case 'Page.frameAttached': {
        const frameId = params.frameId as string;
        if (!state.frames.has(frameId)) state.frames.set(frameId, { origin: '', parentId: params.parentFrameId as string | undefined, contexts: [], generation: 0 });
        return deliver();
      }
      case 'Page.frameDetached': {
        this.detachFrame(session, state, params.frameId as string);
        return deliver();
      }
      default:
        return deliver();
    }
  }

  /** Every frame of a window, told at `Runtime.enable`. */
  private async tellWindow(session: string, state: SessionState): Promise<void> {
    // Frames are followed through their Page events; a client that never asked for them hears them too.
    await this.host.call(session, 'Page.enable').catch(() => {});
    const tree = await this.host.call(session, 'Page.getFrameTree').catch(() => undefined);
    const frames: { id: string; parentId?: string; securityOrigin?: string }[] = [];
    const walk = (node: { frame: { id: string; parentId?: string; securityOrigin?: string }; childFrames?: unknown[] }) => {
      frames.push(node.frame);
      for (const child of (node.childFrames ?? []) as (typeof node)[]) walk(child);
    };
    if (tree?.frameTree) walk(tree.frameTree as Parameters<typeof walk>[0]);
    for (const frame of frames) {
      const known = state.frames.get(frame.id);
      if (known) known.origin = frame.securityOrigin ?? known.origin;
      else state.frames.set(frame.id, { origin: frame.securityOrigin ?? '', parentId: frame.parentId, contexts: [], generation: 0 });
    }
    await Promise.all(frames.map((frame) => this.findFrame(session, state, frame.id, state.frames.get(frame.id)!.generation)));
  }

  private async tellWorker(session: string, state: SessionState): Promise<void> {
    const global = await this.within(this.host.call(session, 'Runtime.evaluate', { expression: 'self' }));
    const id = contextOf(global?.result);
    if (id === undefined || !state.enabled) return;
    const uniqueId = newUniqueId();
    state.uniqueIds.set(uniqueId, id);
    state.workerContext = { id, uniqueId, worldName: '' };
    this.giveBindings(session, state, id, '');
    this.host.emit(session, 'Runtime.executionContextCreated', { context: { id, origin: state.url, name: '', uniqueId } });
  }

  /** A frame's main world, then the worlds the client keeps in every document, told in that order. */
  private async findFrame(session: string, state: SessionState, frameId: string, generation: number): Promise<void> {
    const current = () => {
      const frame = state.frames.get(frameId);
      return frame && frame.generation === generation && state.enabled && this.sessions.get(session) === state ? frame : undefined;
    };
    const main = await this.within(this.mainWorld(session, frameId));
    let frame = current();
    if (main === undefined || !frame) return;
    if (!frame.contexts.some((context) => context.id === main)) this.tell(session, state, frame, frameId, main, '');
    for (const worldName of state.worlds) {
      const world = await this.within(this.host.call(session, 'Page.createIsolatedWorld', { frameId, worldName, grantUniveralAccess: true }));
      frame = current();
      const id = world?.executionContextId;
      if (!frame) return;
      if (typeof id === 'number' && !frame.contexts.some((context) => context.id === id)) this.tell(session, state, frame, frameId, id, worldName);
    }
  }

  /** The id of a frame's main world, read without running a line of script in it. */
  private async mainWorld(session: string, frameId: string): Promise<number | undefined> {
    const probe = await this.host.call(session, 'Page.createIsolatedWorld', { frameId, worldName: this.probeWorld });
    const document = await this.host.call(session, 'Runtime.evaluate', { expression: 'document', contextId: probe.executionContextId });
    const documentObject = (document.result as { objectId?: string } | undefined)?.objectId;
    if (!documentObject) return undefined;
    const node = await this.host.call(session, 'DOM.describeNode', { objectId: documentObject });
    void this.host.call(session, 'Runtime.releaseObject', { objectId: documentObject }).catch(() => {});
    const backendNodeId = (node.node as { backendNodeId?: number } | undefined)?.backendNodeId;
    if (backendNodeId === undefined) return undefined;
    const resolved = await this.host.call(session, 'DOM.resolveNode', { backendNodeId });
    const object = resolved.object as { objectId?: string } | undefined;
    if (object?.objectId) void this.host.call(session, 'Runtime.releaseObject', { objectId: object.objectId }).catch(() => {});
    return contextOf(object);
  }

  private tell(session: string, state: SessionState, frame: FrameState, frameId: string, id: number, name: string): void {
    const uniqueId = newUniqueId();
    frame.contexts.push({ id, uniqueId, worldName: name });
    state.uniqueIds.set(uniqueId, id);
    this.giveBindings(session, state, id, name);
    const isDefault = name === '';
    this.host.emit(session, 'Runtime.executionContextCreated', {
      context: { id, origin: frame.origin, name, uniqueId, auxData: { isDefault, type: isDefault ? 'default' : 'isolated', frameId } },
    });
  }

  /**
   * The client's bindings for a context, sent before the client hears of it: a session runs its
   * commands in order, so whatever the client evaluates there once told finds them in place.
   */
  private giveBindings(session: string, state: SessionState, id: number, worldName: string): void {
    // A document that began before a name was hidden (its context found since): hidden first.
    if (worldName === '' && state.kind === 'window' && state.hidden.size > 0) void this.host.call(session, 'Runtime.evaluate', { expression: hiddenGlobalsScript([...state.hidden]), contextId: id }).catch(() => {});
    for (const [name, forWorld] of state.bindings) if (forWorld === worldName) void this.host.call(session, 'Runtime.addBinding', { name, executionContextId: id }).catch(() => {});
  }

  /**
   * Keeps `names` off the window's own names in this target's documents from now on: in every
   * new document before anything runs there, and in the main worlds already told.
   */
  private async hide(session: string, state: SessionState, names: readonly string[]): Promise<void> {
    const fresh = state.kind === 'window' ? names.filter((name) => !state.hidden.has(name)) : [];
    if (fresh.length === 0) return;
    for (const name of fresh) state.hidden.add(name);
    const script = hiddenGlobalsScript(fresh);
    await this.host.call(session, 'Page.addScriptToEvaluateOnNewDocument', { source: script }).catch(() => {});
    await Promise.all(this.toldContexts(state, '').map((id) => this.host.call(session, 'Runtime.evaluate', { expression: script, contextId: id }).catch(() => {})));
  }

  private toldContexts(state: SessionState, worldName: string): number[] {
    const told = [...state.frames.values()].flatMap((frame) => frame.contexts);
    if (state.workerContext) told.push(state.workerContext);
    return told.filter((context) => context.worldName === worldName).map((context) => context.id);
  }

  private detachFrame(session: string, state: SessionState, frameId: string): void {
    const frame = state.frames.get(frameId);
    if (!frame) return;
    for (const [childId, child] of state.frames) if (child.parentId === frameId) this.detachFrame(session, state, childId);
    this.dropContexts(state, frame, true, session);
    state.frames.delete(frameId);
  }

  private dropContexts(state: SessionState, frame: FrameState, tellEach: boolean, session: string): void {
    for (const context of frame.contexts) {
      state.uniqueIds.delete(context.uniqueId);
      if (tellEach && state.enabled) this.host.emit(session, 'Runtime.executionContextDestroyed', { executionContextId: context.id, executionContextUniqueId: context.uniqueId });
    }
    frame.contexts = [];
  }

  /** A search step that gives up rather than hold a client: a frame can go away mid-search. */
  private within<T>(step: Promise<T>): Promise<T | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(undefined), FIND_WAIT_MS);
      step.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        () => {
          clearTimeout(timer);
          resolve(undefined);
        },
      );
    });
  }
}

/** The context a remote object lives in: V8 writes object ids `isolate.context.object`. */
export function contextOf(object: unknown): number | undefined {
  const objectId = (object as { objectId?: unknown } | undefined)?.objectId;
  if (typeof objectId !== 'string') return undefined;
  const parts = objectId.split('.');
  const id = parts.length === 3 ? Number(parts[1]) : NaN;
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** Chromium's unique context ids are two signed 64-bit numbers; ours look the same. */
function newUniqueId(): string {
  const half = () => `${randomInt(2) ? '-' : ''}${randomInt(1, 2 ** 47)}${String(randomInt(0, 100_000)).padStart(5, '0')}`;
  return `${half()}.${half()}`;
}
