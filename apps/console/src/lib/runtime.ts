import { ApiClient, type ApiError } from '@facet/api-client';
import { Code, PUSH_LOGIN_BY_COOKIE, publicConfigSchema, sessionModes, type BridgePush, type ClientBootstrap, type PublicConfig, type RealtimeProgress, type RealtimePush } from '@facet/contracts';
import type { BridgeClient } from './bridge.ts';
import { browserCredentialStore } from './credentials.ts';
import { EventHub } from './events.ts';
import { lazyPushChannel, type Push } from './lazyPush.ts';
import { currentLanguage } from './language.ts';
import { detectMode, isMobileUserAgent, readClientBootstrap, type AppMode } from './mode.ts';

export interface RuntimeEvents extends Record<string, unknown> {
  /** The session is gone (failed re-login, 887, 2122/2133 outside login): go to /login. */
  loginRequired: { code: number; msg: string };
  /** A call got no answer at all. */
  networkFailure: ApiError;
  push: RealtimePush;
  /** Progress of a long call of ours (batch create), matched by its requestId. */
  progress: RealtimeProgress;
  bridgePush: BridgePush;
  bridgeStatus: boolean;
  sessionRenewed: true;
  /** An order was settled (poll answer or 888/889 push): the payment dialog showing it closes. */
  paymentSettled: { s: string; ok: boolean };
  /** The exit dialog is asked for (the user menu, or the client's msgbox 86). */
  exitRequested: true;
}

/** Everything outside React that the console runs on, created once at start. */
export interface Runtime {
  /** Hands the current session to the desktop agent (no-op in the browser version). */
  shareSession: () => Promise<void>;
  config: PublicConfig;
  mode: AppMode;
  mobile: boolean;
  api: ApiClient;
  push: Push;
  credentials: ReturnType<typeof browserCredentialStore>;
  bridge: BridgeClient | null;
  bootstrap: ClientBootstrap | null;
  events: EventHub<RuntimeEvents>;
}

/**
 * config.json, asked again for a while when it does not come: the server may be slow to answer,
 * or (in the desktop client) starting beside the agent.
 */
async function loadConfig(attempts = 20, pauseMs = 1500) {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch('/config.json', { cache: 'no-store' });
      if (response.ok) return publicConfigSchema.parse(await response.json());
      if (attempt >= attempts) throw new Error(`config.json answered ${response.status}`);
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}

export async function createRuntime(): Promise<Runtime> {
  const bootstrap = readClientBootstrap();
  const mode = detectMode(bootstrap);
  // The desktop client has its own answer to a server that does not come (the connect page).
  const config = await loadConfig(bootstrap ? 4 : 20);
  const events = new EventHub<RuntimeEvents>();
  const credentials = browserCredentialStore();
  const getLanguage = () => currentLanguage().code;

  // The browser version keeps its session in HttpOnly cookies; the desktop client hands its
  // token to the agent, so it keeps the token itself (sealed storage).
  const cookieSession = bootstrap === null;
  const push = lazyPushChannel({
    pushHost: config.pushHost,
    getAuth: () => (cookieSession ? (credentials.load() ? PUSH_LOGIN_BY_COOKIE : null) : credentials.load()?.auth),
    loginByCookie: cookieSession,
    getLanguage,
    onPush: (message) => events.emit('push', message),
    onProgress: (progress) => events.emit('progress', progress),
  });
  const api = new ApiClient({
    baseUrl: config.apiHost,
    signKey: config.signKey,
    credentials,
    getLanguage,
    ...(cookieSession ? { cookieSession: () => (credentials.keeps() ? sessionModes.cookieKeep : sessionModes.cookie) } : {}),
    onLoginRequired: (error) => events.emit('loginRequired', { code: error.code === Code.SESSION_EXPIRED ? Code.SESSION_EXPIRED : error.code, msg: error.msg }),
    // A new token after the silent re-login: the push channel must log in with it (spec §4).
    onSessionRenewed: () => {
      push.renew();
      events.emit('sessionRenewed', true);
    },
    onNetworkFailure: (error) => events.emit('networkFailure', error),
  });
  // The bridge's code (and its messages' schemas) only where there is an agent to talk to: the
  // browser version's sign-in page does without it (scripts/checks/consoleBudget.mjs).
  const bridge = bootstrap
    ? new (await import('./bridge.ts')).BridgeClient(bootstrap, (message) => events.emit('bridgePush', message), (connected) => events.emit('bridgeStatus', connected), getLanguage)
    : null;
  bridge?.connect().catch(() => undefined);
  // The agent launches profiles as the signed-in user: it gets the session when the bridge
  // comes up, after a silent re-login, and before each start (see features/browsers).
  const shareSession = async () => {
    const auth = credentials.load()?.auth;
    if (bridge && auth) await bridge.request('session', { auth }).catch(() => undefined);
  };
  events.on('bridgeStatus', (connected) => {
    if (connected) void shareSession();
  });
  events.on('sessionRenewed', () => void shareSession());
  return {
    shareSession, config, mode, mobile: isMobileUserAgent(navigator.userAgent), api, push, credentials, bridge, bootstrap, events };
}
