import { CdpError, type CdpConnection } from './cdp.ts';
import type { Identity } from './identity.ts';

interface TargetInfo {
  targetId: string;
  type: string;
}

const autoAttach = { autoAttach: true, waitForDebuggerOnStart: true, flatten: true };

/** A target lacking a domain (workers have no Page) is fine; anything else is a real failure. */
async function tolerant(promise: Promise<unknown>): Promise<void> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CdpError && /not found|not supported|not available|not allowed|wasn't found|No target|Cannot find context|Target closed|override is already in effect/i.test(error.cdpMessage)) return;
    if (error instanceof Error && /connection closed/i.test(error.message)) return;
    throw error;
  }
}

/**
 * Gives every page, popup, frame and worker of the browser the profile's identity before its
 * first script runs: the browser session auto-attaches with waitForDebuggerOnStart, each new
 * target is set up while paused and then let go, and each target auto-attaches its own
 * children (out-of-process frames, dedicated workers) the same way.
 *
 * `pageScript` is what CDP cannot set (see @facet/page-scripts): run as a new-document script in
 * pages and frames, and evaluated in a paused worker before its own code.
 */
export async function attachIdentity(cdp: CdpConnection, identity: Identity, pageScript: string | null, onError: (error: unknown) => void): Promise<void> {
  // A service or shared worker reaches us twice (through the browser and through the page that
  // started it); set it up once, or the two paused sessions wait on each other.
  const setUpTargets = new Set<string>();
  const setUp = async (sessionId: string, target: TargetInfo, waiting: boolean) => {
    const send = (method: string, params: Record<string, unknown> = {}) => tolerant(cdp.send(method, params, sessionId));
    const content = ['page', 'iframe', 'worker', 'shared_worker', 'service_worker'].includes(target.type);
    try {
      if (!content || setUpTargets.has(target.targetId)) return;
      setUpTargets.add(target.targetId);
      const isWorker = target.type === 'worker' || target.type === 'shared_worker' || target.type === 'service_worker';
      const userAgent = { userAgent: identity.userAgent, acceptLanguage: identity.languages.join(','), platform: identity.platform, ...(identity.metadata ? { userAgentMetadata: identity.metadata } : {}) };
      const steps: Promise<unknown>[] = [
        send('Target.setAutoAttach', autoAttach),
        send('Emulation.setUserAgentOverride', userAgent),
        send('Emulation.setLocaleOverride', { locale: identity.languages[0] }),
        send('Emulation.setHardwareConcurrencyOverride', { hardwareConcurrency: identity.hardwareConcurrency }),
      ];
      if (identity.timezone) steps.push(send('Emulation.setTimezoneOverride', { timezoneId: identity.timezone }));
      if (isWorker) {
        steps.push(send('Network.setUserAgentOverride', userAgent));
        // A paused worker evaluates this before its own script.
        if (pageScript) steps.push(send('Runtime.evaluate', { expression: pageScript, silent: true }));
      } else {
        if (target.type === 'page') {
          // The screen the profile claims, whatever the machine's (or Xvfb's) is. Width and
          // height 0 leave the viewport to the window, which --window-size already sizes.
          const { width, height } = identity.screen;
          steps.push(send('Emulation.setDeviceMetricsOverride', { width: 0, height: 0, deviceScaleFactor: 0, mobile: false, screenWidth: width, screenHeight: height }));
        }
        if (identity.maxTouchPoints > 0) steps.push(send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: identity.maxTouchPoints }));
        if (identity.geolocation.mode !== 'block') {
          steps.push(send('Emulation.setGeolocationOverride', { latitude: identity.geolocation.latitude, longitude: identity.geolocation.longitude, accuracy: identity.geolocation.accuracy }));
        }
        if (Object.keys(identity.headers).length > 0) {
          steps.push(send('Network.enable', {}).then(() => send('Network.setExtraHTTPHeaders', { headers: identity.headers })));
        }
        // New-document scripts only run in a page whose Page domain is enabled.
        if (pageScript) steps.push(send('Page.enable').then(() => send('Page.addScriptToEvaluateOnNewDocument', { source: pageScript, runImmediately: true })));
      }
      await Promise.all(steps);
    } catch (error) {
      onError(error);
    } finally {
      if (waiting) await tolerant(cdp.send('Runtime.runIfWaitingForDebugger', {}, sessionId));
    }
  };

  // For the connection's life: it closes with the browser.
  cdp.on((event) => {
    if (event.method !== 'Target.attachedToTarget') return;
    const { sessionId, targetInfo, waitingForDebugger } = event.params as { sessionId: string; targetInfo: TargetInfo; waitingForDebugger: boolean };
    void setUp(sessionId, targetInfo, waitingForDebugger);
  });
  await cdp.send('Target.setAutoAttach', autoAttach);
}
