import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  BridgeError,
  bridgeErrorMessageKey,
  bridgeRequestSchema,
  resolveLanguage,
  type BridgePush,
  type BridgeReply,
  type BridgeRequestType,
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

export type BridgeHandler = (parameter: unknown) => Promise<unknown>;
export type BridgeHandlers = Record<Exclude<BridgeRequestType, 'hello'>, BridgeHandler>;

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
        const value = await this.handlers[request.type](request.parameter);
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

}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
