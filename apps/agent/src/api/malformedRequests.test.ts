import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startAgent, type RunningAgent } from '../agent.ts';
import { platformBuildsCache } from '../config.ts';

/**
 * Requests no browser would send, to each port the agent opens without a profile running (the
 * desktop client with its bridge, the local API). Before issue 34, `GET /%FF` to the client's
 * port threw an uncaught URIError and the agent exited; here such a throw would fail the run.
 */
let agent: RunningAgent;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-agent-malformed-'));
  const consoleDir = path.join(dataDir, 'console');
  fs.mkdirSync(consoleDir, { recursive: true });
  fs.writeFileSync(path.join(consoleDir, 'index.html'), '<html><head><script src="/app.js"></script></head></html>');
  agent = await startAgent({ port: 0, serverUrl: 'http://127.0.0.1:9', dataDir: path.join(dataDir, 'agent'), consoleDir, appWindow: false, version: 'test', localApiPort: 0, localApiKey: 'test-local-api-key-0123', apiToken: undefined, ipCheckUrl: 'http://127.0.0.1:9/', loopbackOnly: true, deviceName: 'Test computer', platformBuildsDir: platformBuildsCache() });
});

afterAll(async () => {
  await agent.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Sends `text` as it is and returns the answer's status line (or how the connection ended). */
function raw(port: number, text: string | Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n')) {
        resolve(answer.slice(0, answer.indexOf('\r\n')));
        socket.destroy();
      }
    });
    socket.on('error', (error) => resolve(`error ${(error as NodeJS.ErrnoException).code}`));
    socket.on('close', () => resolve(answer ? answer.split('\r\n')[0]! : 'closed'));
    socket.setTimeout(5000, () => {
      resolve('timeout');
      socket.destroy();
    });
  });
}

const get = (port: number, target: string, headers = '') => raw(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${headers}Connection: close\r\n\r\n`);

describe('a malformed request', () => {
  it('to the desktop client\'s port is a 4xx, and the client still serves', async () => {
    const cookie = (await fetch(agent.launchUrl(), { redirect: 'manual' })).headers.get('set-cookie')!.split(';')[0]!;
    expect(await get(agent.port, '/%FF')).toMatch(/^HTTP\/1\.1 4\d\d/);
    // Admitted or not, the path is read the same way.
    expect(await get(agent.port, '/%FF', `Cookie: ${cookie}\r\n`)).toBe('HTTP/1.1 400 Bad Request');
    expect(await get(agent.port, '/assets/%E0%A4%A', `Cookie: ${cookie}\r\n`)).toBe('HTTP/1.1 400 Bad Request');
    expect(await get(agent.port, '//x:99999/')).toMatch(/^HTTP\/1\.1 4\d\d/);
    expect(await raw(agent.port, 'GET /%FF HTTP/1.1\r\nHost: 127.0.0.1:1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n')).toMatch(/^HTTP\/1\.1 4\d\d/);
    expect(await raw(agent.port, `GET //x:99999 HTTP/1.1\r\nHost: 127.0.0.1:${agent.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`)).toMatch(/^HTTP\/1\.1 4\d\d/);
    expect(await raw(agent.port, 'NOT HTTP AT ALL\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/);
    expect((await fetch(agent.url, { headers: { cookie } })).status).toBe(200);
  });

  it('to the local API is a 4xx, and the API still answers', async () => {
    const { port } = agent.localApi!;
    expect(await get(port, '//x:99999/api/v1/user/list')).toMatch(/^HTTP\/1\.1 4\d\d/);
    expect(await get(port, '/api/v1/user/list?%FF=%FF', 'Authorization: Bearer test-local-api-key-0123\r\n')).toMatch(/^HTTP\/1\.1 [24]\d\d/);
    expect(await raw(port, `POST /api/v1/user/create HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer test-local-api-key-0123\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n{"a":`)).toMatch(/^HTTP\/1\.1 [24]\d\d/);
    const answer = await fetch(`http://127.0.0.1:${port}/api/v1/user/list`, { headers: { authorization: 'Bearer test-local-api-key-0123' } });
    expect(answer.status).toBe(200);
  });

  it('frame on the bridge ends that connection only', async () => {
    const cookie = (await fetch(agent.launchUrl(), { redirect: 'manual' })).headers.get('set-cookie')!.split(';')[0]!;
    const origin = `http://127.0.0.1:${agent.port}`;
    const ws = new WebSocket(`ws://127.0.0.1:${agent.port}/bridge`, { headers: { origin, cookie } });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    // A frame with a reserved opcode (0x3) is a protocol error for the server's parser.
    (ws as unknown as { _socket: net.Socket })._socket.write(Buffer.from([0x83, 0x80, 1, 2, 3, 4]));
    expect([1002, 1006]).toContain(await closed);
    // The next console gets in as before.
    const next = new WebSocket(`ws://127.0.0.1:${agent.port}/bridge`, { headers: { origin, cookie } });
    await new Promise((resolve, reject) => next.once('open', resolve).once('error', reject));
    next.close();
  });
});
