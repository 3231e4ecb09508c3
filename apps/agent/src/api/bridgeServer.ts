import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  BridgeError,
  bridgeErrorMessageKey,
  bridgeRequestSchema,
  bridgeRequests,
  resolveLanguage,
  type BridgeParsedParameter,
  type BridgePush,
  type BridgeReply,
  type BridgeRequestType,
  type BridgeResultSent,
} from '@facet/contracts';
import { translate } from '@facet/i18n';
import { WebSocketServer, type WebSocket } from 'ws';
import { isLocalHost } from './consoleServer.ts';
import { requestUrl } from '../net/guardedHandlers.ts';
import { fromOwnUser } from '../net/peerUid.ts';
import { sameSecret } from '../net/sameSecret.ts';

export class BridgeFailure extends Error {
  constructor(
    readonly error: number,
    readonly messageKey: string = bridgeErrorMessageKey[error] ?? 'error.operationFailed',
  ) {
    super(messageKey);
  }
}

/** The requests a handler answers: `hello` is the connection's own (BridgeServer below). */
export type HandledRequestType = Exclude<BridgeRequestType, 'hello'>;
/** A handler gets its parameter parsed by the table (packages/contracts bridge/requests.ts) and answers its result. */
export type BridgeHandler<K extends HandledRequestType> = (parameter: BridgeParsedParameter<K>) => Promise<BridgeResultSent<K>>;
export type BridgeHandlers = { [K in HandledRequestType]: BridgeHandler<K> };

const HELLO_TIMEOUT_MS = 5000;

/**
 * The bridge: WebSocket at /bridge on 127.0.0.1. A connection counts only from our own page's
 * origin, with the session cookie of an admitted browser, and after `hello` with the install
 * secret; anything else is closed.
 */
export class BridgeServer {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 2 * 1024 * 1024 });
  private readonly authed = new Set<WebSocket>();

  constructor(
    private readonly secret: string,
    private readonly port: () => number,
    private readonly handlers: BridgeHandlers,
    /** Whether the upgrade comes from a browser the agent admitted (consoleAccess.ts). */
    private readonly admits: (req: IncomingMessage) => boolean,
    private readonly onConsoleConnected: () => void = () => undefined,
  ) {}

  /** Hook for the HTTP server's `upgrade` event. */
  async handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const port = this.port();
    const origin = req.headers.origin;
    const pathOk = requestUrl(req)?.pathname === '/bridge';
    const originOk = origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;
    if (!pathOk || !originOk || !isLocalHost(req.headers.host, port) || !this.admits(req) || !(await fromOwnUser(req.socket))) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws));
  }

  push(message: BridgePush): void {
    const text = JSON.stringify(message);
    for (const ws of this.authed) ws.send(text);
  }

  get connections(): number {
    return this.authed.size;
  }

  close(): void {
    for (const ws of this.wss.clients) ws.terminate();
    this.wss.close();
  }

  private accept(ws: WebSocket): void {
    let language = resolveLanguage(0);
    const helloTimer = setTimeout(() => ws.close(4401, 'hello expected'), HELLO_TIMEOUT_MS);
    // A malformed frame ends this connection (ws closes it with 1002), not the agent: without a
    // listener the socket's 'error' would be thrown.
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      clearTimeout(helloTimer);
      this.authed.delete(ws);
    });
    ws.on('message', async (raw) => {
      const parsed = bridgeRequestSchema.safeParse(safeJson(raw.toString()));
      if (!parsed.success) return this.reply(ws, { id: 0, type: 'unknown' }, BridgeError.BAD_REQUEST, language.tag);
      const request = parsed.data;
      if (request.type === 'hello') {
        const parameter = request.parameter as { secret?: unknown; lang?: unknown } | undefined;
        if (typeof parameter?.secret !== 'string' || !sameSecret(parameter.secret, this.secret)) {
          this.reply(ws, request, BridgeError.UNAUTHENTICATED, language.tag);
          return ws.close(4401, 'bad secret');
        }
        clearTimeout(helloTimer);
        language = resolveLanguage(parameter.lang ?? 0);
        this.authed.add(ws);
        this.onConsoleConnected();
        return this.reply(ws, request, BridgeError.OK, language.tag);
      }
      if (!this.authed.has(ws)) {
        this.reply(ws, request, BridgeError.UNAUTHENTICATED, language.tag);
        return ws.close(4401, 'hello first');
      }
      try {
        const value = await this.answer(request.type, request.parameter);
        this.reply(ws, request, BridgeError.OK, language.tag, value);
      } catch (error) {
        const failure = error instanceof BridgeFailure ? error : new BridgeFailure(BridgeError.FAILED);
        this.reply(ws, request, failure.error, language.tag, undefined, failure.messageKey);
      }
    });
  }

  private reply(ws: WebSocket, request: { id: number; type: string; parameter?: unknown }, error: number, tag: string, value?: unknown, messageKey?: string): void {
    const reply: BridgeReply = {
      id: request.id,
      error,
      type: request.type,
      msg: error === BridgeError.OK ? '' : translate(tag, messageKey ?? bridgeErrorMessageKey[error] ?? 'error.operationFailed'),
      parameter: request.parameter,
      ...(value === undefined ? {} : { value }),
    };
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(reply));
  }

  /**
   * Both ends of the table: the parameter is parsed before the handler runs (a bad one is
   * BAD_REQUEST and nothing is done), and the answer is checked before it leaves. The answer is
   * sent as the handler gave it, so the wire stays what the handler made.
   */
  private async answer<K extends HandledRequestType>(type: K, raw: unknown): Promise<BridgeResultSent<K>> {
    const parameter = bridgeRequests[type].parameter.safeParse(raw);
    if (!parameter.success) throw new BridgeFailure(BridgeError.BAD_REQUEST);
    const handler: BridgeHandler<K> = this.handlers[type];
    const value = await handler(parameter.data as BridgeParsedParameter<K>);
    const checked = bridgeRequests[type].result.safeParse(value);
    if (!checked.success) {
      // A broken promise of ours, not the console's fault: said where, never with the values.
      const where = checked.error.issues.map((issue) => issue.path.join('.') || '(value)').join(', ');
      console.error(`Facet agent: the bridge's ${type} answer does not fit its contract at ${where}`);
      throw new BridgeFailure(BridgeError.FAILED);
    }
    return value;
  }

}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
