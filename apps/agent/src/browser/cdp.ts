import WebSocket from 'ws';

export interface CdpEvent {
  method: string;
  params: Record<string, unknown>;
  sessionId?: string;
}

/** A CDP command that Chromium answered with an error (e.g. a method a target lacks). */
export class CdpError extends Error {
  constructor(
    readonly method: string,
    readonly cdpMessage: string,
  ) {
    super(`${method}: ${cdpMessage}`);
  }
}

/**
 * One WebSocket to Chromium's browser endpoint, with flattened sessions: a command names the
 * target's session, events carry it. Enough CDP for the launch pipeline, no driver library.
 */
export class CdpConnection {
  private nextId = 0;
  private readonly pending = new Map<number, { method: string; resolve: (v: Record<string, unknown>) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Set<(event: CdpEvent) => void>();
  private closedError: Error | null = null;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (raw) => this.receive(raw.toString()));
    socket.on('close', () => this.fail(new Error('CDP connection closed')));
    socket.on('error', (error) => this.fail(error));
  }

  static open(endpoint: string): Promise<CdpConnection> {
    return new Promise((resolve, reject) => {
      // Chromium's messages can be large (cookies of a big profile); no payload cap below its own.
      const socket = new WebSocket(endpoint, { perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });
      socket.once('open', () => resolve(new CdpConnection(socket)));
      socket.once('error', reject);
    });
  }

  get closed(): boolean {
    return this.closedError !== null;
  }

  send<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<T> {
    if (this.closedError) return Promise.reject(this.closedError);
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { method, resolve: resolve as (v: Record<string, unknown>) => void, reject });
      this.socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  }

  on(listener: (event: CdpEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.socket.close();
  }

  private receive(text: string): void {
    const message = JSON.parse(text) as { id?: number; result?: Record<string, unknown>; error?: { message: string }; method?: string; params?: Record<string, unknown>; sessionId?: string };
    if (message.id !== undefined) {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error) waiting.reject(new CdpError(waiting.method, message.error.message));
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
  }
}
