import type { AddressInfo } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { TempFolders } from '../../test/helpers/tempFolders.ts';
import { startVncDisplay, type VncDisplay } from '../browser/machine/vncDisplay.ts';
import { openStreamPipe } from './streamPipe.ts';

const folders = new TempFolders('stream');
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  folders.removeAll();
});

/** The server's end of a host stream: a WebSocket server on loopback that keeps what it is sent. */
async function streamServer() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const joined = new Promise<{ socket: WebSocket; request: IncomingMessage; received: () => Buffer }>((resolve) => {
    server.once('connection', (socket, request) => {
      let received = Buffer.alloc(0);
      socket.on('message', (data) => (received = Buffer.concat([received, data as Buffer])));
      resolve({ socket, request, received: () => received });
    });
  });
  return { url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/v2/host/stream/abcdefghijklmnop`, joined };
}

async function display(): Promise<VncDisplay> {
  const started = await startVncDisplay({ width: 1280, height: 800, runDir: folders.make() });
  cleanups.push(() => started.stop());
  return started;
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within 10 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a viewer\'s stream joined to a run display', () => {
  it('carries the display\'s RFB bytes to the server and the server\'s back, with the host\'s token', async () => {
    const vnc = await display();
    const server = await streamServer();
    const lines: string[] = [];
    const pipe = openStreamPipe({ url: server.url, token: 'fht_test-token', socketPath: vnc.socketPath, log: (line) => lines.push(line) });
    cleanups.push(() => pipe.close());
    const { socket, request, received } = await server.joined;
    expect(request.headers.authorization).toBe('Bearer fht_test-token');
    await until(() => received().length >= 12, 'the RFB version');
    expect(received().subarray(0, 12).toString('latin1')).toBe('RFB 003.008\n');
    // The viewer's answer reaches Xvnc: it offers its security types (one: None).
    socket.send(Buffer.from('RFB 003.008\n'), { binary: true });
    await until(() => received().length >= 14, 'the security types');
    expect([...received().subarray(12, 14)]).toEqual([1, 1]);
    expect(lines).toEqual([]);
  });

  it('closes the display\'s socket when the server closes, and the server\'s socket when closed itself', async () => {
    const vnc = await display();
    const first = await streamServer();
    const pipe = openStreamPipe({ url: first.url, token: 'fht_x', socketPath: vnc.socketPath, log: () => {} });
    const joined = await first.joined;
    await until(() => joined.received().length >= 12, 'the RFB version');
    joined.socket.close();
    await pipe.closed;

    const second = await streamServer();
    const other = openStreamPipe({ url: second.url, token: 'fht_x', socketPath: vnc.socketPath, log: () => {} });
    const { socket, received } = await second.joined;
    await until(() => received().length >= 12, 'the RFB version');
    const serverSawClose = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    other.close();
    await serverSawClose;
    await other.closed;
  });

  it('ends at once when the run has no display any more', async () => {
    const server = await streamServer();
    const pipe = openStreamPipe({ url: server.url, token: 'fht_x', socketPath: `${folders.make()}/vnc.sock`, log: () => {} });
    const { socket } = await server.joined;
    await new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await pipe.closed;
  });
});
