import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'proxy-chain';

/** A site on 127.0.0.1 that answers every path with a line naming it. */
export async function startSite(): Promise<{ port: number; host: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => response.end(`site saw ${request.url}`));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    host: `127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The owner's paid proxy: Basic auth, and a record of where it was asked to go. */
export async function startUpstreamProxy(username: string, password: string): Promise<{ port: number; seen: string[]; close: () => Promise<void> }> {
  const seen: string[] = [];
  const server = new Server({
    port: 0,
    host: '127.0.0.1',
    prepareRequestFunction: ({ username: u, password: p, hostname, port }) => {
      if (u !== username || p !== password) return { requestAuthentication: true };
      seen.push(`${hostname}:${port}`);
      return {};
    },
  });
  server.on('requestFailed', () => {});
  await server.listen();
  return { port: server.port, seen, close: () => server.close(true) };
}

export interface ProxiedAnswer {
  status: number;
  body: string;
}

function authorization(credential: { username: string; password: string } | null): Record<string, string> {
  return credential ? { 'proxy-authorization': `Basic ${Buffer.from(`${credential.username}:${credential.password}`).toString('base64')}` } : {};
}

/** A plain HTTP request through a proxy (absolute-form), as a browser sends one for an http:// page. */
export function getThroughProxy(proxyPort: number, url: string, credential: { username: string; password: string } | null): Promise<ProxiedAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: proxyPort, method: 'GET', path: url, headers: { host: new URL(url).host, ...authorization(credential) }, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * A CONNECT tunnel through a proxy to `host:port`, then one HTTP request inside it, as a browser
 * does for an https:// page (plain HTTP inside here: the tunnel is what is tested).
 */
export function getThroughTunnel(proxyPort: number, target: string, credential: { username: string; password: string } | null): Promise<ProxiedAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: proxyPort, method: 'CONNECT', path: target, headers: { host: target, ...authorization(credential) }, agent: false });
    request.on('connect', (response, socket) => {
      if (response.statusCode !== 200) {
        socket.destroy();
        return resolve({ status: response.statusCode ?? 0, body: '' });
      }
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0), body: text.slice(text.indexOf('\r\n\r\n') + 4) });
      });
      socket.on('error', reject);
      socket.write(`GET /tunnelled HTTP/1.1\r\nHost: ${target}\r\nConnection: close\r\n\r\n`);
    });
    // A refusal before the tunnel (407) comes as an ordinary response.
    request.on('response', (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, body: '' });
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * A CONNECT tunnel left open, as a browser keeps one to an https site or a WebSocket: `ask`
 * sends one request inside it and reads the answer, `closed` settles when the proxy closes it.
 */
export function openTunnel(proxyPort: number, target: string, credential: { username: string; password: string }): Promise<{ ask: (path: string) => Promise<string>; closed: Promise<void>; close: () => void }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: proxyPort, method: 'CONNECT', path: target, headers: { host: target, ...authorization(credential) }, agent: false });
    request.on('connect', (response, socket) => {
      if (response.statusCode !== 200) {
        socket.destroy();
        return reject(new Error(`tunnel refused: ${response.statusCode}`));
      }
      const closed = new Promise<void>((settle) => socket.once('close', () => settle()));
      let waiting: ((text: string) => void) | null = null;
      socket.on('data', (chunk: Buffer) => waiting?.(chunk.toString('utf8')));
      socket.on('error', () => {});
      resolve({
        ask: (path) =>
          new Promise((answer) => {
            waiting = answer;
            socket.write(`GET ${path} HTTP/1.1\r\nHost: ${target}\r\n\r\n`);
          }),
        closed,
        close: () => socket.destroy(),
      });
    });
    request.on('error', reject);
    request.end();
  });
}
