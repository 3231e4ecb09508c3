import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ FACET_PUBLIC_URL: 'https://facet.example.com', FACET_CORS_ORIGINS: 'https://partner.example' });
});
afterAll(() => server.close());

const config = (origin?: string) => fetch(`${server.baseUrl}/config.json`, { headers: origin ? { origin } : {} });

describe('what a page of another site may do with the server', () => {
  it('reads nothing: CORS answers only the public origin, desktop clients on loopback and the configured origins', async () => {
    expect((await config('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    for (const origin of ['https://facet.example.com', 'http://127.0.0.1:8481', 'http://localhost:50999', 'https://partner.example']) {
      expect((await config(origin)).headers.get('access-control-allow-origin')).toBe(origin);
    }
    const preflight = await fetch(`${server.baseUrl}/v2/web/member`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('frames nothing and sniffs nothing, on every answer', async () => {
    const response = await config();
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('cannot open the push channel, whose handshake checks the Origin too', async () => {
    const connect = (origin: string) =>
      new Promise<string>((resolve) => {
        const socket = io(server.baseUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { origin }, reconnection: false, timeout: 5000 });
        socket.on('connect', () => {
          socket.close();
          resolve('connected');
        });
        socket.on('connect_error', () => {
          socket.close();
          resolve('refused');
        });
      });
    expect(await connect('https://evil.example')).toBe('refused');
    expect(await connect('http://127.0.0.1:8481')).toBe('connected');
  });
});
