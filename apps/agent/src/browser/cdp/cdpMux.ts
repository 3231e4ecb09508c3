import type { CdpTransport } from './cdp.ts';
import type { CdpMask } from './cdpMask.ts';
import { QuietRuntime, type QuietKind } from './quietRuntime.ts';

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: unknown;
  sessionId?: string;
}

/** Who a message from Chromium goes to: the agent, or one attached client. */
interface Channel {
  deliver(message: Message): void;
  /** The sessions a client attached (its home first); unused for the agent, which may use any. */
  owned: Set<string>;
  /** A masked client's Runtime domain, answered by the mux (quietRuntime.ts). */
  quiet?: QuietRuntime;
}

/** What a client attaches to: the whole browser (as Puppeteer and Playwright do) or one page. */
export type ClientHome = { browser: true } | { targetId: string };

interface MuxClient {
  /** A message the client sent (its own ids, its own sessions). */
  send(text: string): void;
  /** Detaches what the client attached; the browser goes on. */
  close(): void;
}

/**
 * The profile's identity as the mux keeps it for clients' sessions (TargetCommands.everySession
 * says why a client's session must carry it too).
 */
export interface MuxIdentity {
  /** Sent on each page session a client takes, before anything of the client's on it. */
  everySession: readonly { method: string; params: Record<string, unknown> }[];
  /** The profile's user-agent override: a client's own one is completed with its platform and languages. */
  userAgent: Record<string, unknown>;
  /** A client's page sessions are gone: their detach cleared what pages share, to be given back. */
  clientLeft(): void;
}

/** A client's own user-agent overrides: completed so that a page never falls back to the machine's platform. */
const USER_AGENT_OVERRIDES = new Set(['Emulation.setUserAgentOverride', 'Network.setUserAgentOverride']);

interface MuxOptions {
  /**
   * Resolves when the agent has given `targetId` its identity. A client's commands to such a
   * target wait for it, and so does the answer to a client's `Target.createTarget`: otherwise a
   * client could resume, script or navigate a new page or worker before the agent's overrides.
   */
  ready?: (targetId: string) => Promise<unknown>;
  identity?: MuxIdentity;
}

/** The targets the agent gives the profile's identity (attachIdentity.ts). */
const IDENTITY_TYPES = new Set(['page', 'iframe', 'worker', 'shared_worker', 'service_worker']);

/** Targets whose Runtime is kept quiet for a masked client, by the kind of context they hold. */
const QUIET_KINDS: Record<string, QuietKind> = { page: 'window', iframe: 'window', worker: 'worker', shared_worker: 'worker', service_worker: 'worker' };

/** Targets whose sessions write the page settings they share (MuxIdentity). */
const WINDOW_TYPES = new Set(['page', 'iframe']);

/** Longest a client's resume waits for the agent's set-up (it takes milliseconds). */
const READY_WAIT_MS = 5_000;

/**
 * One pipe to Chromium, shared by the agent and every script attached through the agent's
 * DevTools endpoint. Each client gets a session of its own — a browser session from
 * `Target.attachToBrowserTarget`, or a page's — so it sees the browser as if it had its own
 * connection: its root commands go to that session, the answers and events of that session and
 * of every session the client attached come back to it with its own ids, and nothing of the
 * agent's or another client's sessions reaches it. The agent's channel is the pipe's root.
 */
export class CdpMux {
  private nextId = 0;
  /** Our id on the pipe → who asked, and their id. */
  private readonly pending = new Map<number, { channel: Channel; id: number | undefined; method: string | undefined; params: Record<string, unknown> | undefined; sessionId: string | undefined }>();
  /** What each target is, as the browser's target events said: a client's session on it is quiet by its kind. */
  private readonly targetInfos = new Map<string, { type: string; url: string }>();
  /** Sessions that belong to a client; every other session is the agent's. */
  private readonly owners = new Map<string, Channel>();
  private readonly targets = new Map<string, string>();
  /** Clients' sessions of pages and frames, which carry the identity's shared settings. */
  private readonly windows = new Set<string>();
  private readonly agent: Channel;
  private agentListener: (text: string) => void = () => {};
  private readonly closeListeners = new Set<(why: string) => void>();

  constructor(
    private readonly pipe: CdpTransport,
    private readonly options: MuxOptions = {},
  ) {
    this.agent = { deliver: (message) => this.agentListener(JSON.stringify(message)), owned: new Set() };
    pipe.onMessage((text) => this.receive(text));
    pipe.onClose((why) => {
      for (const listener of this.closeListeners) listener(why);
      this.closeListeners.clear();
    });
  }

  /** The agent's own connection: the pipe's root session, unfiltered. */
  agentTransport(): CdpTransport {
    return {
      send: (text) => this.forward(this.agent, JSON.parse(text) as Message),
      onMessage: (listener) => void (this.agentListener = listener),
      onClose: (listener) => void this.closeListeners.add(listener),
      close: () => this.pipe.close(),
    };
  }

  setReady(ready: (targetId: string) => Promise<unknown>): void {
    this.options.ready = ready;
  }

  setIdentity(identity: MuxIdentity): void {
    this.options.identity = identity;
  }

  /**
   * Attaches a client at `home`; its messages come back through `deliver` as text. With a
   * `mask` (cdpMask.ts), what it sends and hears is rewritten so pages cannot tell it is there.
   */
  async attachClient(home: ClientHome, deliver: (text: string) => void, onGone: () => void, mask: CdpMask | null = null): Promise<MuxClient> {
    const homeSession = await this.openHome(home);
    if (!('browser' in home)) this.giveIdentity(homeSession);
    let gone = false;
    const channel: Channel = {
      deliver: (message) => {
        if (message.sessionId === homeSession) delete message.sessionId;
        const text = JSON.stringify(message);
        deliver(mask && message.method ? mask.incoming(message.method, text) : text);
      },
      owned: new Set(),
    };
    if (mask) channel.quiet = new QuietRuntime(this.quietHost(channel), (text) => mask.globals(text));
    this.own(homeSession, channel);
    // A client on one page's endpoint (/devtools/page/…) is on a page, heard of or not.
    if (!('browser' in home)) this.quietOn(channel, homeSession, home.targetId, this.targetInfos.get(home.targetId) ?? { type: 'page', url: '' });
    const leave = () => {
      if (gone) return;
      gone = true;
      for (const session of channel.owned) this.disown(session);
      this.closeListeners.delete(onPipeClose);
      // Its children go with it; the browser and its pages stay, and get back what the
      // detach of its page sessions cleared.
      this.forward(this.afterwards(() => this.options.identity?.clientLeft()), { id: undefined, method: 'Target.detachFromTarget', params: { sessionId: homeSession } });
    };
    const onPipeClose = () => {
      gone = true;
      onGone();
    };
    this.closeListeners.add(onPipeClose);
    // One client's messages go out in order, a held resume holding those after it.
    let queue = Promise.resolve();
    return {
      send: (text) => {
        let message: Message;
        try {
          message = JSON.parse(text) as Message;
          if (mask && typeof message.method === 'string') {
            const masked = mask.outgoing(message.method, text);
            if (masked !== text) message = JSON.parse(masked) as Message;
          }
        } catch {
          return;
        }
        queue = queue.then(() => this.fromClient(channel, message, homeSession)).catch(() => {});
      },
      close: leave,
    };
  }

  private async fromClient(channel: Channel, message: Message, homeSession: string): Promise<void> {
    if (typeof message.id !== 'number' || typeof message.method !== 'string' || !channel.owned.has(homeSession)) return;
    const method = message.method;
    const session = message.sessionId ?? homeSession;
    if (this.owners.get(session) !== channel) {
      // Another's session (the agent's or another client's) is not this client's to drive.
      channel.deliver({ id: message.id, error: { code: -32001, message: 'Session with given id not found.' }, ...(message.sessionId ? { sessionId: message.sessionId } : {}) });
      return;
    }
    if (USER_AGENT_OVERRIDES.has(message.method) && this.options.identity) message = { ...message, params: completedUserAgent(message.params ?? {}, this.options.identity.userAgent) };
    // Nothing of a client's runs in a target before the agent has given it the identity: not
    // its resume (a paused worker or page would start without it), not an evaluation, not a
    // navigation (a document committed before the agent's new-document script is in misses it).
    const targetId = this.targets.get(session);
    if (targetId) await this.whenReady(targetId);
    if (channel.quiet) {
      const outcome = await channel.quiet.command(session, { method, params: message.params });
      if ('answer' in outcome) {
        channel.deliver({ id: message.id, result: outcome.answer, sessionId: session });
        return;
      }
      message = { ...message, params: outcome.forward };
    }
    this.forward(channel, { ...message, sessionId: session });
  }

  /** How a client's quiet runtime asks the browser and tells the client. */
  private quietHost(channel: Channel) {
    return {
      call: (session: string, method: string, params: Record<string, unknown> = {}) =>
        new Promise<Record<string, unknown>>((resolve, reject) => {
          const asked: Channel = {
            deliver: (message) => (message.error ? reject(new Error(`${method}: ${JSON.stringify(message.error)}`)) : resolve(message.result ?? {})),
            owned: new Set(),
          };
          this.forward(asked, { method, params, sessionId: session });
        }),
      emit: (session: string, method: string, params: Record<string, unknown>) => channel.deliver({ method, params, sessionId: session }),
    };
  }

  /** A client's session on `targetId` is quiet if the client is masked and the target holds contexts. */
  private quietOn(channel: Channel, session: string, targetId: string | undefined, info = targetId ? this.targetInfos.get(targetId) : undefined, paused = false): void {
    // A target the mux never heard of is left to the browser: guessing its kind would leave the client waiting.
    const kind = info ? QUIET_KINDS[info.type] : undefined;
    if (channel.quiet && kind) channel.quiet.track(session, kind, info?.url, paused);
  }

  private forward(channel: Channel, message: Message): void {
    const id = ++this.nextId;
    this.pending.set(id, { channel, id: message.id, method: message.method, params: message.params, sessionId: message.sessionId });
    this.pipe.send(JSON.stringify({ ...message, id }));
  }

  private openHome(home: ClientHome): Promise<string> {
    const [method, params] = 'browser' in home ? ['Target.attachToBrowserTarget', {}] : ['Target.attachToTarget', { targetId: home.targetId, flatten: true }];
    return new Promise((resolve, reject) => {
      const channel: Channel = {
        deliver: (message) => {
          const sessionId = message.result?.sessionId;
          if (typeof sessionId === 'string') resolve(sessionId);
          else reject(new Error(`${method}: ${JSON.stringify(message.error ?? 'no session')}`));
        },
        owned: new Set(),
      };
      this.forward(channel, { method, params });
    });
  }

  /** Resolves once the agent has set `targetId` up, or after READY_WAIT_MS whatever happened. */
  private async whenReady(targetId: string): Promise<void> {
    if (!this.options.ready) return;
    await Promise.race([this.options.ready(targetId).catch(() => {}), delay(READY_WAIT_MS)]);
  }

  /** The identity's shared page settings on a client's session, sent ahead of the client's own commands. */
  private giveIdentity(session: string): void {
    const identity = this.options.identity;
    if (!identity) return;
    this.windows.add(session);
    for (const command of identity.everySession) this.forward(this.agent, { id: undefined, method: command.method, params: command.params, sessionId: session });
  }

  /** A channel for one housekeeping command whose answer starts `then`. */
  private afterwards(then: () => void): Channel {
    return { deliver: () => then(), owned: new Set() };
  }

  /** Remembers what a target is from the browser's target events, whoever they were for. */
  private noteTarget(message: Message): void {
    if (message.method === 'Target.targetDestroyed' || (message.method === 'Target.detachedFromTarget' && !message.sessionId)) {
      const gone = message.params?.targetId;
      if (typeof gone === 'string') this.targetInfos.delete(gone);
      return;
    }
    if (message.method !== 'Target.attachedToTarget' && message.method !== 'Target.targetCreated' && message.method !== 'Target.targetInfoChanged') return;
    const info = message.params?.targetInfo as { targetId?: string; type?: string; url?: string } | undefined;
    if (info?.targetId && info.type) this.targetInfos.set(info.targetId, { type: info.type, url: info.url ?? '' });
  }

  private own(session: string, channel: Channel, targetId?: string): void {
    this.owners.set(session, channel);
    channel.owned.add(session);
    if (targetId) this.targets.set(session, targetId);
  }

  private disown(session: string): void {
    this.windows.delete(session);
    this.owners.get(session)?.quiet?.forget(session);
    this.owners.get(session)?.owned.delete(session);
    this.owners.delete(session);
    this.targets.delete(session);
  }

  private receive(text: string): void {
    const message = JSON.parse(text) as Message;
    if (message.id !== undefined) {
      const asked = this.pending.get(message.id);
      if (!asked) return;
      this.pending.delete(message.id);
      if (asked.id === undefined && asked.channel === this.agent) return; // our own housekeeping
      message.id = asked.id as number;
      // A page a client creates is answered once the agent has given it the identity: what the
      // client does next in it (attach, navigate) comes after.
      const created = asked.method === 'Target.createTarget' && asked.channel !== this.agent ? message.result?.targetId : undefined;
      if (typeof created === 'string') {
        void this.whenReady(created).then(() => asked.channel.deliver(message));
        return;
      }
      // A target the client attached by hand is its own from now on (never paused: no resume to hold).
      const attached = message.result?.sessionId;
      if (typeof attached === 'string' && asked.channel !== this.agent && asked.channel.owned.size > 0) {
        this.own(attached, asked.channel);
        this.giveIdentity(attached);
        const targetId = asked.params?.targetId;
        if (typeof targetId === 'string') this.quietOn(asked.channel, attached, targetId);
      }
      // A world a quiet client asked for is told to it before the answer, as Chromium orders them.
      if (asked.method === 'Page.createIsolatedWorld' && asked.channel.quiet && asked.sessionId && !message.error) {
        asked.channel.quiet.isolatedWorldCreated(asked.sessionId, asked.params, message.result);
      }
      asked.channel.deliver(message);
      return;
    }
    this.noteTarget(message);
    const owner = (message.sessionId && this.owners.get(message.sessionId)) || this.agent;
    if (owner !== this.agent && message.method === 'Target.attachedToTarget') {
      const params = message.params as { sessionId: string; targetInfo: { targetId: string; type: string; url: string }; waitingForDebugger?: boolean };
      // Only what the agent gives an identity is worth holding a resume for; a tab (the
      // container of a page) or a browser has none, and nothing would ever say it is ready.
      this.own(params.sessionId, owner, IDENTITY_TYPES.has(params.targetInfo.type) ? params.targetInfo.targetId : undefined);
      if (WINDOW_TYPES.has(params.targetInfo.type)) this.giveIdentity(params.sessionId);
      this.quietOn(owner, params.sessionId, params.targetInfo.targetId, params.targetInfo, params.waitingForDebugger === true);
    }
    if (owner !== this.agent && owner.quiet && message.sessionId && message.method) owner.quiet.event(message.sessionId, message.method, message.params ?? {}, () => owner.deliver(message));
    else owner.deliver(message);
    if (owner !== this.agent && message.method === 'Target.detachedFromTarget') {
      const session = (message.params as { sessionId: string }).sessionId;
      const window = this.windows.delete(session);
      this.disown(session);
      if (window) this.options.identity?.clientLeft();
    }
  }
}

/**
 * A client's own user-agent override, completed from the profile's: a reset (no user agent) is
 * the profile's own override, and one without a platform or languages gets the profile's.
 * Otherwise the page would read the machine's platform under whatever user agent it was given.
 */
function completedUserAgent(params: Record<string, unknown>, profile: Record<string, unknown>): Record<string, unknown> {
  if (!params.userAgent) return { ...profile };
  return { ...params, platform: params.platform ?? profile.platform, acceptLanguage: params.acceptLanguage ?? profile.acceptLanguage };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
