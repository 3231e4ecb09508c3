import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { HOST_JOIN_PATH, HOST_LINK_PATH, HOST_STREAM_PATH, hostJoinRequestSchema, hostReportSchema, type HostCommand, type HostReport } from '@facet/contracts';

export interface HostFront {
  /** Where the host is pointed: the front's origin. */
  url: string;
  /** The code it admits once, and the token it hands out for it. */
  code: string;
  token: string;
  /** Every report the host's link sent, in order. */
  reports: HostReport[];
  send(command: HostCommand): void;
  /** The next stream the host opens for `streamId`, with the bytes it has carried so far. */
  stream(streamId: string): Promise<{ socket: WebSocket; received: () => Buffer }>;
  /** `/ip` answers the caller's address, as an IP-check service would. */
  ipCheckUrl: string;
  close(): Promise<void>;
}

/**
 * The host routes of the team server (contracts: remote/hostLink.ts) in front of a real server:
 * join, link and streams answered here by the protocol, every other request (the launch, leases,
 * state, cookies with the run's bearer) passed to `serverUrl` as it is. For journeys of the host
 * side while the server's own host routes are elsewhere; once they are in the server, journeys
 * point the host at the server itself.
 */
export async function startHostFront(serverUrl: string): Promise<HostFront> {
  const code = 'HOST-TEST-2345';
  const token = `fht_${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  const target = new URL(serverUrl);
  const reports: HostReport[] = [];
  let link: WebSocket | null = null;
  const waiting = new Map<string, (stream: { socket: WebSocket; received: () => Buffer }) => void>();
  const server = http.createServer((request, response) => {
    if (request.url === '/ip') return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ip: request.socket.remoteAddress?.replace(/^::ffff:/, '') }));
    if (request.url === HOST_JOIN_PATH && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const join = hostJoinRequestSchema.safeParse(JSON.parse(body));
        const ok = join.success && join.data.code === code;
        response.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' }).end(JSON.stringify(ok ? { code: 0, msg: '', data: { hostId: 'host-1', token } } : { code: 1642, msg: 'code.hostCodeInvalid' }));
      });
      return;
    }
    const forward = http.request({ host: target.hostname, port: target.port, method: request.method, path: request.url, headers: { ...request.headers, host: target.host } }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    forward.on('error', () => response.destroy());
    request.pipe(forward);
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket: Socket, head) => {
    if (request.headers.authorization !== `Bearer ${token}`) return void socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n');
    const url = request.url ?? '';
    if (url === HOST_LINK_PATH) {
      return wss.handleUpgrade(request, socket, head, (ws) => {
        link = ws;
        ws.on('message', (data) => reports.push(hostReportSchema.parse(JSON.parse(String(data)))));
      });
    }
    if (url.startsWith(HOST_STREAM_PATH)) {
      return wss.handleUpgrade(request, socket, head, (ws) => {
        let received = Buffer.alloc(0);
        ws.on('message', (data) => (received = Buffer.concat([received, data as Buffer])));
        waiting.get(url.slice(HOST_STREAM_PATH.length))?.({ socket: ws, received: () => received });
      });
    }
    socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    code,
    token,
    reports,
    ipCheckUrl: `${url}/ip`,
    send: (command) => {
      if (!link) throw new Error('the host has no link');
      link.send(JSON.stringify(command));
    },
    stream: (streamId) => new Promise((resolve) => waiting.set(streamId, resolve)),
    close: async () => {
      for (const client of wss.clients) client.terminate();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
