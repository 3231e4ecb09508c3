import { CdpError, type CdpConnection } from '../cdp/cdp.ts';
import type { CdpCommand, TargetCommands } from './launchPlan.ts';

interface TargetInfo {
  targetId: string;
  type: string;
}

/**
 * Chromium's own UI (browser_ui: its WebUI tab strip, menus) is left alone besides the browser
 * and tab targets CDP leaves out anyway: no site reaches it, it takes no identity, and holding it
 * paused until the agent lets it go only slows the window that the first tab opens in.
 */
const autoAttach = {
  autoAttach: true,
  waitForDebuggerOnStart: true,
  flatten: true,
  filter: [{ type: 'browser', exclude: true }, { type: 'tab', exclude: true }, { type: 'browser_ui', exclude: true }, {}],
};
const workerTypes = new Set(['worker', 'shared_worker', 'service_worker']);

/** A target that has gone, or lacks a domain (workers have no Page), is fine; anything else is a real failure. */
async function tolerant(promise: Promise<unknown>): Promise<void> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CdpError && error.kind !== 'protocol') return;
    throw error;
  }
}

export interface AttachedIdentity {
  /** Resolves with the target's session once it has the identity and is let go (a command sent on it now follows the resume). */
  ready(targetId: string): Promise<string>;
  /** Gives every page and frame the settings their sessions share again (TargetCommands.everySession): a leaving client's session cleared them. */
  reapply(): Promise<void>;
}

/**
 * Gives every page, popup, frame and worker of the browser the profile's identity before its
 * first script runs: the browser session auto-attaches with waitForDebuggerOnStart, each new
 * target gets the plan's commands for its kind while paused and is then let go, and each target
 * auto-attaches its own children (out-of-process frames, dedicated workers) the same way.
 *
 * `pageScript` (see @facet/page-scripts) runs as a new-document script in pages and frames, and
 * is evaluated in a paused worker before its own code.
 */
export function attachIdentity(cdp: CdpConnection, commands: TargetCommands, pageScript: string | null, onError: (error: unknown) => void): Promise<AttachedIdentity> {
  // A service or shared worker reaches us twice at once (through the browser and through the
  // page that started it): set it up through one session only, or the two paused sessions wait
  // on each other. A worker that stopped and starts again (service workers do) attaches anew
  // and is set up again: what counts is whether a session to it is still open.
  const liveSessions = new Map<string, Set<string>>();
  const targetOfSession = new Map<string, string>();
  // The agent's sessions of pages and frames: where a client's leave is undone (reapply).
  const windowSessions = new Set<string>();
  // A child's session ends with its parent's even when Chromium says so only for the parent.
  const childrenOf = new Map<string, Set<string>>();
  const ready = new Map<string, { promise: Promise<string>; resolve: (sessionId: string) => void; reject: (error: Error) => void }>();
  const readiness = (targetId: string) => {
    let entry = ready.get(targetId);
    if (!entry) {
      let resolve!: (sessionId: string) => void;
      let reject!: (error: Error) => void;
      const promise = new Promise<string>((res, rej) => ((resolve = res), (reject = rej)));
      // Nobody may be waiting for this target: a rejection at the browser's end is not a failure.
      promise.catch(() => undefined);
      entry = { promise, resolve, reject };
      ready.set(targetId, entry);
    }
    return entry;
  };
  const detach = (sessionId: string) => {
    for (const child of childrenOf.get(sessionId) ?? []) detach(child);
    childrenOf.delete(sessionId);
    const targetId = targetOfSession.get(sessionId);
    targetOfSession.delete(sessionId);
    windowSessions.delete(sessionId);
    const sessions = targetId === undefined ? undefined : liveSessions.get(targetId);
    sessions?.delete(sessionId);
    if (targetId !== undefined && sessions?.size === 0) {
      liveSessions.delete(targetId);
      ready.delete(targetId);
    }
  };

  const setUp = async (sessionId: string, target: TargetInfo, waiting: boolean) => {
    const send = (command: CdpCommand) => tolerant(cdp.send(command.method, command.params, sessionId));
    const isWorker = workerTypes.has(target.type);
    const content = isWorker || target.type === 'page' || target.type === 'iframe';
    const sessions = liveSessions.get(target.targetId) ?? new Set<string>();
    const duplicate = sessions.size > 0;
    sessions.add(sessionId);
    liveSessions.set(target.targetId, sessions);
    targetOfSession.set(sessionId, target.targetId);
    try {
      if (!content || duplicate) return;
      if (!isWorker) windowSessions.add(sessionId);
      const own = isWorker ? commands.worker : target.type === 'page' ? commands.page : commands.frame;
      const steps: Promise<unknown>[] = [send({ method: 'Target.setAutoAttach', params: autoAttach }), ...own.map(send)];
      if (pageScript && isWorker) {
        // A paused worker evaluates this before its own script.
        steps.push(send({ method: 'Runtime.evaluate', params: { expression: pageScript, silent: true } }));
      } else if (pageScript) {
        // New-document scripts only run in a page whose Page domain is enabled. A session runs its
        // commands in the order they were sent, so the script follows the enable without waiting
        // for its answer (a round trip to a renderer that is still starting).
        steps.push(send({ method: 'Page.enable', params: {} }), send({ method: 'Page.addScriptToEvaluateOnNewDocument', params: { source: pageScript, runImmediately: true } }));
      }
      // A worker runs its session's commands in the order they came, the script's evaluation
      // before the resume that follows them, so its resume need not wait for their answers; and
      // must not: a service worker paused at its start answers only once every session attached
      // to it, a client's too, lets it go, and a client's resume waits for this set-up (it was
      // 5 s per client command, cdpMux.ts).
      if (isWorker) void Promise.all(steps).catch(onError);
      else await Promise.all(steps);
    } catch (error) {
      onError(error);
    } finally {
      // Whatever happened above, the target must run, and whoever waits for it must hear. Not
      // after the resume's answer: it comes once the blank document the tab was paused on has
      // committed (30-40 ms), and the session handles its commands in order, so a navigation sent
      // now still follows the resume, with the identity above already answered.
      const resumed = waiting ? tolerant(cdp.send('Runtime.runIfWaitingForDebugger', {}, sessionId)).catch(onError) : undefined;
      if (!duplicate) readiness(target.targetId).resolve(sessionId);
      await resumed;
    }
  };

  // For the connection's life: it closes with the browser.
  cdp.on((event) => {
    if (event.method === 'Target.attachedToTarget') {
      const { sessionId, targetInfo, waitingForDebugger } = event.params as { sessionId: string; targetInfo: TargetInfo; waitingForDebugger: boolean };
      if (event.sessionId) childrenOf.set(event.sessionId, (childrenOf.get(event.sessionId) ?? new Set()).add(sessionId));
      void setUp(sessionId, targetInfo, waitingForDebugger);
    } else if (event.method === 'Target.detachedFromTarget') {
      detach((event.params as { sessionId: string }).sessionId);
    }
  });
  // The browser gone: nobody waiting for a target will hear of it otherwise.
  cdp.onClose(() => {
    for (const entry of ready.values()) entry.reject(new CdpError('closed', 'Target.attachedToTarget', 'the browser closed'));
  });
  const reapply = async () => {
    const sends = [...windowSessions].flatMap((sessionId) => commands.everySession.map((command) => tolerant(cdp.send(command.method, command.params, sessionId))));
    await Promise.all(sends).catch(onError);
  };
  return cdp.send('Target.setAutoAttach', autoAttach).then(() => ({ ready: (targetId: string) => readiness(targetId).promise, reapply }));
}
