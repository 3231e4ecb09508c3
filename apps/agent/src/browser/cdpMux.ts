import type { CdpTransport } from './cdp.ts';
import type { CdpMask } from './cdpMask.ts';

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
}

/** What a client attaches to: the whole browser (as Puppeteer and Playwright do) or one page. */
export type ClientHome = { browser: true } | { targetId: string };

export interface MuxClient {
  /** A message the client sent (its own ids, its own sessions). */
  send(text: string): void;
  /** Detaches what the client attached; the browser goes on. */
  close(): void;
}

export interface MuxOptions {
  /**
   * Resolves when the agent has given `targetId` its identity. A client's
   * `Runtime.runIfWaitingForDebugger` waits for it: otherwise a client attached with
   * waitForDebuggerOnStart could let a new worker or page run before the agent's overrides.
   */
  ready?: (targetId: string) => Promise<unknown>;
}

/** The targets the agent gives the profile's identity (attachIdentity.ts). */
const IDENTITY_TYPES = new Set(['page', 'iframe', 'worker', 'shared_worker', 'service_worker']);

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
  private readonly pending = new Map<number, { channel: Channel; id: number | undefined }>();
  /** Sessions that belong to a client; every other session is the agent's. */
  private readonly owners = new Map<string, Channel>();
  private readonly targets = new Map<string, string>();
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

  /**
   * Attaches a client at `home`; its messages come back through `deliver` as text. With a
   * `mask` (cdpMask.ts), what it sends and hears is rewritten so pages cannot tell it is there.
   */
  async attachClient(home: ClientHome, deliver: (text: string) => void, onGone: () => void, mask: CdpMask | null = null): Promise<MuxClient> {
    const homeSession = await this.openHome(home);
    let gone = false;
    const channel: Channel = {
      deliver: (message) => {
        if (message.sessionId === homeSession) delete message.sessionId;
        const text = JSON.stringify(message);
        deliver(mask && message.method ? mask.incoming(message.method, text) : text);
      },
      owned: new Set(),
    };
    this.own(homeSession, channel);
    const leave = () => {
      if (gone) return;
      gone = true;
      for (const session of channel.owned) this.disown(session);
      this.closeListeners.delete(onPipeClose);
      // Its children go with it; the browser and its pages stay.
      this.forward(this.agent, { id: undefined, method: 'Target.detachFromTarget', params: { sessionId: homeSession } });
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
    const session = message.sessionId ?? homeSession;
    if (this.owners.get(session) !== channel) {
      // Another's session (the agent's or another client's) is not this client's to drive.
      channel.deliver({ id: message.id, error: { code: -32001, message: 'Session with given id not found.' }, ...(message.sessionId ? { sessionId: message.sessionId } : {}) });
      return;
    }
    const targetId = this.targets.get(session);
    if (message.method === 'Runtime.runIfWaitingForDebugger' && targetId && this.options.ready) {
      await Promise.race([this.options.ready(targetId).catch(() => {}), delay(READY_WAIT_MS)]);
    }
    this.forward(channel, { ...message, sessionId: session });
  }

  private forward(channel: Channel, message: Message): void {
    const id = ++this.nextId;
    this.pending.set(id, { channel, id: message.id });
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

  private own(session: string, channel: Channel, targetId?: string): void {
    this.owners.set(session, channel);
    channel.owned.add(session);
    if (targetId) this.targets.set(session, targetId);
  }

  private disown(session: string): void {
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
      // A target the client attached by hand is its own from now on (never paused: no resume to hold).
      const attached = message.result?.sessionId;
      if (typeof attached === 'string' && asked.channel !== this.agent) this.own(attached, asked.channel);
      asked.channel.deliver(message);
      return;
    }
    const owner = (message.sessionId && this.owners.get(message.sessionId)) || this.agent;
    if (owner !== this.agent && message.method === 'Target.attachedToTarget') {
      const params = message.params as { sessionId: string; targetInfo: { targetId: string; type: string } };
      // Only what the agent gives an identity is worth holding a resume for; a tab (the
      // container of a page) or a browser has none, and nothing would ever say it is ready.
      this.own(params.sessionId, owner, IDENTITY_TYPES.has(params.targetInfo.type) ? params.targetInfo.targetId : undefined);
    }
    owner.deliver(message);
    if (owner !== this.agent && message.method === 'Target.detachedFromTarget') this.disown((message.params as { sessionId: string }).sessionId);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
