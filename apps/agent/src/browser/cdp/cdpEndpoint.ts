import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { guardRequests, guardUpgrades, requestUrl } from '../../net/guardedHandlers.ts';
import { fromOwnUser } from '../../net/peerUid.ts';
import { sameSecret } from '../../net/sameSecret.ts';
import type { CdpConnection } from './cdp.ts';
import { createCdpMask } from './cdpMask.ts';
import type { CdpMux, ClientHome } from './cdpMux.ts';

interface CdpEndpointOptions {
  /** A fixed port the start asked for; 0 picks a free one. */
  port: number;
  /**
   * Whether a client without the per-start secret may attach: only when the start asks for a
   * door Selenium can use (its `debuggerAddress` is host:port, it cannot carry a secret). Then
   * every process of this user on the machine can drive the profile, as with Chromium's own port.
   */
  open: boolean;
}

export interface CdpEndpoint {
  port: number;
  /** The browser's WebSocket for Puppeteer's `connect` and Playwright's `connectOverCDP`. */
  browserUrl: string;
  /** For Playwright's `connectOverCDP(http…)`: `/json/version` under it names the WebSocket. */
  httpUrl: string;
  /** Lets secret-less clients in from now on (a later start asking for Selenium's door); never shut again while it runs. */
  openDoor(): void;
  close(): Promise<void>;
}

const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?$/i;


/**
 * The agent's DevTools endpoint for one running profile, where scripts attach instead of
 * Chromium's own port (the browser has none: it speaks to the agent over a pipe, cdpPipe.ts).
 * Every path carries a secret made at this start, so knowing the port is not enough:
 *
 *   ws://127.0.0.1:P/devtools/browser/<secret>        the browser (Puppeteer, Playwright)
 *   http://127.0.0.1:P/<secret>/json/version, /json/list, and the page sockets they name
 *
 * A connection must also come from this user's processes where the system tells (Linux), name
 * loopback as its Host (no DNS rebinding) and carry no Origin (no web page), as Chromium's own
 * endpoint requires. With `open`, the secret-less forms of the same paths answer too.
 *
 * Every client is masked (cdpMask.ts) unless its URL says `?cdp_mask=0`.
 */
export async function startCdpEndpoint(mux: CdpMux, agentCdp: CdpConnection, options: CdpEndpointOptions): Promise<CdpEndpoint> {
  const secret = randomBytes(24).toString('base64url');
  const sockets = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });
  let port = 0;
  let open = options.open;
  const base = () => `127.0.0.1:${port}`;
  const prefix = () => (open ? '' : `/${secret}`);

  /** The part of the path after the secret, or null when the secret is wrong (and required). */
  const unlock = (pathname: string, secretLast: boolean): string | null => {
    if (secretLast) {
      const match = /^\/devtools\/browser\/([^/]*)$/.exec(pathname);
      if (match && (sameSecret(match[1]!, secret) || open)) return '/devtools/browser';
    }
    const match = /^\/([^/]+)(\/.*)$/.exec(pathname);
    if (match && sameSecret(match[1]!, secret)) return match[2]!;
    return open ? pathname : null;
  };
  const admitted = async (request: http.IncomingMessage): Promise<boolean> => LOOPBACK_HOST.test(request.headers.host ?? '') && request.headers.origin === undefined && (await fromOwnUser(request.socket));

  const version = async () => {
    const info = await agentCdp.send<{ protocolVersion: string; product: string; userAgent: string; jsVersion: string; revision: string }>('Browser.getVersion');
    return { Browser: info.product, 'Protocol-Version': info.protocolVersion, 'User-Agent': info.userAgent, 'V8-Version': info.jsVersion, // As Chromium's own endpoint words it (chromedriver reads the Blink revision out of it).
      'WebKit-Version': `537.36 (${info.revision})`, webSocketDebuggerUrl: `ws://${base()}/devtools/browser/${secret}` };
  };
  const list = async () => {
    const { targetInfos } = await agentCdp.send<{ targetInfos: { targetId: string; type: string; title: string; url: string }[] }>('Target.getTargets');
    return targetInfos
      .filter((t) => t.type !== 'browser' && t.type !== 'tab')
      .map((t) => ({ description: '', id: t.targetId, title: t.title, type: t.type, url: t.url, webSocketDebuggerUrl: `ws://${base()}${prefix()}/devtools/page/${t.targetId}` }));
  };

  const server = http.createServer(guardRequests('DevTools endpoint', async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    const url = requestUrl(request);
    if (url === null) return send(400, { error: 'bad request' });
    const rest = (await admitted(request)) ? unlock(url.pathname.replace(/\/+$/, ''), false) : null;
    if (rest === null || request.method !== 'GET') return send(403, { error: 'forbidden' });
    const answer = rest === '/json/version' ? version() : rest === '/json' || rest === '/json/list' ? list() : null;
    if (!answer) return send(404, { error: 'not found' });
    answer.then((body) => send(200, body)).catch(() => send(503, { error: 'the browser is not answering' }));
  }));
  // Asked before the upgrade is answered; the socket keeps what the client sends meanwhile.
  server.on('upgrade', guardUpgrades('DevTools endpoint', async (request: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const requested = requestUrl(request);
    const rest = requested !== null && (await admitted(request)) ? unlock(requested.pathname, true) : null;
    // The mask is on unless the client's URL turns it off (`?cdp_mask=0`, as the start's answer names it).
    const mask = requested?.searchParams.get('cdp_mask') === '0' ? null : createCdpMask();
    const page = rest === null ? null : /^\/devtools\/page\/([\w.-]+)$/.exec(rest);
    const home: ClientHome | null = rest === '/devtools/browser' ? { browser: true } : page ? { targetId: page[1]! } : null;
    if (!home) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (client) => {
      const early: string[] = [];
      let attached: Awaited<ReturnType<CdpMux['attachClient']>> | null = null;
      // A malformed frame ends this client (ws closes it with 1002), not the agent: without a
      // listener the socket's 'error' would be thrown.
      client.on('error', () => client.terminate());
      client.on('message', (raw) => (attached ? attached.send(raw.toString()) : early.push(raw.toString())));
      client.on('close', () => attached?.close());
      mux
        .attachClient(
          home,
          (text) => client.readyState === client.OPEN && client.send(text),
          () => client.close(),
          mask,
        )
        .then((done) => {
          attached = done;
          if (client.readyState !== client.OPEN) return done.close();
          for (const text of early.splice(0)) done.send(text);
        })
        .catch(() => client.close(1011, 'no such target'));
    });
  }));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    port,
    browserUrl: `ws://${base()}/devtools/browser/${secret}`,
    httpUrl: `http://${base()}/${secret}`,
    openDoor: () => {
      open = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of sockets.clients) client.terminate();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
