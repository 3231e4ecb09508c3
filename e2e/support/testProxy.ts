import { RequestError, Server } from 'proxy-chain';

export interface TestProxy {
  port: number;
  /** Destinations asked of it, as host:port, in order. */
  seen: string[];
  /** Destinations it refused because they were not 127.0.0.1. */
  refused: string[];
  close(): Promise<void>;
}

/**
 * An HTTP proxy with Basic auth on 127.0.0.1 for tests. It refuses every destination that is not
 * 127.0.0.1 before resolving anything: Chromium sends its own background requests through a
 * configured proxy, and nothing may leave loopback.
 */
export async function startTestProxy(username: string, password: string): Promise<TestProxy> {
  const seen: string[] = [];
  const refused: string[] = [];
  const server = new Server({
    port: 0,
    host: '127.0.0.1',
    prepareRequestFunction: ({ username: u, password: p, hostname, port }) => {
      if (u !== username || p !== password) return { requestAuthentication: true, failMsg: 'bad proxy credentials' };
      if (hostname !== '127.0.0.1') {
        refused.push(`${hostname}:${port}`);
        throw new RequestError('test proxy: loopback only', 403);
      }
      seen.push(`${hostname}:${port}`);
      return {};
    },
  });
  server.on('requestFailed', () => {});
  await server.listen();
  return { port: server.port, seen, refused, close: () => server.close(true) };
}
