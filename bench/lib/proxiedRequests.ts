import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxyCredential {
  username: string;
  password: string;
}

function proxyAuthorization(credential: ProxyCredential): string {
  return `Basic ${Buffer.from(`${credential.username}:${credential.password}`).toString('base64')}`;
}

/** A site on 127.0.0.1: `/bytes/N` answers N bytes. */
export async function startByteSite(): Promise<{ host: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const size = Number(/^\/bytes\/(\d+)/.exec(request.url ?? '')?.[1] ?? 0);
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size });
    const block = Buffer.alloc(Math.min(size, 1 << 20), 120);
    let left = size;
    const pump = () => {
      while (left > 0) {
        const piece = left >= block.length ? block : block.subarray(0, left);
        left -= piece.length;
        if (!response.write(piece)) return void response.once('drain', pump);
      }
      response.end();
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One plain HTTP request through the proxy on a connection of its own (what the relay checks per request); the bytes received. */
export function fetchThroughProxy(proxyPort: number, credential: ProxyCredential, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: proxyPort, path: url, headers: { host: new URL(url).host, 'proxy-authorization': proxyAuthorization(credential) }, agent: false }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`proxy answered ${response.statusCode}`));
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * A CONNECT tunnel to `target` (as a browser opens for an https:// origin), then `paths` fetched
 * one after another inside it on one keep-alive connection; the bytes received.
 */
export function fetchThroughTunnel(proxyPort: number, credential: ProxyCredential, target: string, paths: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: proxyPort, method: 'CONNECT', path: target, headers: { host: target, 'proxy-authorization': proxyAuthorization(credential) }, agent: false });
    request.on('connect', (response, socket) => {
      if (response.statusCode !== 200) {
        socket.destroy();
        return reject(new Error(`proxy answered ${response.statusCode}`));
      }
      // An agent that hands out the tunnel's socket for each request in turn.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      agent.createConnection = () => socket;
      let bytes = 0;
      const next = (i: number) => {
        if (i === paths.length) {
          socket.destroy();
          agent.destroy();
          return resolve(bytes);
        }
        http
          .get({ host: target.split(':')[0], port: Number(target.split(':')[1]), path: paths[i], agent }, (answer) => {
            answer.on('data', (chunk: Buffer) => (bytes += chunk.length));
            answer.on('end', () => next(i + 1));
            answer.on('error', reject);
          })
          .on('error', reject);
      };
      next(0);
    });
    request.on('response', (response) => reject(new Error(`proxy answered ${response.statusCode}`)));
    request.on('error', reject);
    request.end();
  });
}
