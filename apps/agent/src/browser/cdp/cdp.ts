import WebSocket from 'ws';

interface CdpEvent {
  method: string;
  params: Record<string, unknown>;
  sessionId?: string;
}

/**
 * Why a CDP command failed, decided once here:
 *  - `closed`: the connection, or the target the session pointed at, is gone (a tab closed, a
 *    worker ended, the browser exited);
 *  - `unsupported`: the target has no such command (a worker has no Page or Emulation of screens);
 *  - `protocol`: Chromium refused the command itself: a real failure.
 */
type CdpFailure = 'closed' | 'unsupported' | 'protocol';

/** CDP's JSON-RPC code for a method the target does not have. */
const METHOD_NOT_FOUND = -32601;
/** Chromium's wording for a session or target that has gone (its code, -32000, is shared by every failure). */
const GONE = /Session with given id not found|No target with given id|Target closed|Inspected target navigated or closed|Cannot find context with specified id/;
/** Chromium's wording for a domain a target does not implement. */
const UNSUPPORTED = /wasn't found|not supported|not available|not allowed|not enabled for this target/;

export class CdpError extends Error {
  constructor(
    readonly kind: CdpFailure,
    readonly method: string,
    readonly cdpMessage: string,
  ) {
    super(`${method}: ${cdpMessage}`);
  }

  /** An answer Chromium sent with an error, classified once. */
  static fromAnswer(method: string, error: { code?: number; message: string }): CdpError {
    const kind: CdpFailure = error.code === METHOD_NOT_FOUND || UNSUPPORTED.test(error.message) ? 'unsupported' : GONE.test(error.message) ? 'closed' : 'protocol';
    return new CdpError(kind, method, error.message);
  }
}

/**
 * How CDP's JSON messages travel: a WebSocket to a DevTools endpoint, or a channel of the pipe
 * the agent holds to its own Chromium (cdpMux.ts). Text in, text out; one close.
 */
export interface CdpTransport {
  send(text: string): void;
  onMessage(listener: (text: string) => void): void;
  onClose(listener: (why: string) => void): void;
  close(): void;
}

/** A WebSocket to a DevTools endpoint as a transport. */
function webSocketTransport(endpoint: string): Promise<CdpTransport> {
  return new Promise((resolve, reject) => {
    // Chromium's messages can be large (cookies of a big profile); no payload cap below its own.
    const socket = new WebSocket(endpoint, { perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });
    socket.once('open', () =>
      resolve({
        send: (text) => socket.send(text),
        onMessage: (listener) => socket.on('message', (raw) => listener(raw.toString())),
        onClose: (listener) => {
          socket.on('close', () => listener('CDP connection closed'));
          socket.on('error', (error) => listener(error.message));
        },
        close: () => socket.close(),
      }),
    );
    socket.once('error', reject);
  });
}

/**
 * One CDP connection to a browser, with flattened sessions: a command names the target's
 * session, events carry it. Enough CDP for the launch pipeline, no driver library.
 */
export class CdpConnection {
  private nextId = 0;
  private readonly pending = new Map<number, { method: string; resolve: (v: Record<string, unknown>) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Set<(event: CdpEvent) => void>();
  private readonly closeListeners = new Set<() => void>();
  private closedError: Error | null = null;

  constructor(private readonly transport: CdpTransport) {
    transport.onMessage((text) => this.receive(text));
    transport.onClose((why) => this.fail(new CdpError('closed', 'connection', why)));
  }

  /** Over a WebSocket to a DevTools endpoint (a browser we did not start, the bench's bare Chromium). */
  static async open(endpoint: string): Promise<CdpConnection> {
    return new CdpConnection(await webSocketTransport(endpoint));
  }

  get closed(): boolean {
    return this.closedError !== null;
  }

  send<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<T> {
    if (this.closedError) return Promise.reject(this.closedError);
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { method, resolve: resolve as (v: Record<string, unknown>) => void, reject });
      this.transport.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  }

  on(listener: (event: CdpEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called once when the connection closes (the browser exited or was closed). */
  onClose(listener: () => void): void {
    if (this.closedError) listener();
    else this.closeListeners.add(listener);
  }

  close(): void {
    this.transport.close();
  }

  private receive(text: string): void {
    const message = JSON.parse(text) as { id?: number; result?: Record<string, unknown>; error?: { code?: number; message: string }; method?: string; params?: Record<string, unknown>; sessionId?: string };
    if (message.id !== undefined) {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error) waiting.reject(CdpError.fromAnswer(waiting.method, message.error));
      else waiting.resolve(message.result ?? {});
      return;
    }
    if (message.method) {
      const event: CdpEvent = { method: message.method, params: message.params ?? {}, ...(message.sessionId ? { sessionId: message.sessionId } : {}) };
      for (const listener of this.listeners) listener(event);
    }
  }

  private fail(error: Error): void {
    if (this.closedError) return;
    this.closedError = error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
    for (const listener of this.closeListeners) listener();
    this.closeListeners.clear();
  }
}
