import { execFile } from 'node:child_process';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { peerUid } from './peerUid.ts';

/** Connects to 127.0.0.1:`port` as `uid` and holds the connection until the server ends it. */
const holdAs = `const s = require('node:net').connect(Number(process.argv[1]), '127.0.0.1'); s.on('data', () => {}); s.on('close', () => process.exit(0));`;

let server: net.Server | null = null;
afterEach(() => {
  server?.close();
  server = null;
});

/** A server whose accepted sockets are handed out in the order they came. */
async function listening(): Promise<{ port: number; accepted: (count: number) => Promise<net.Socket[]> }> {
  const sockets: net.Socket[] = [];
  let wake = () => {};
  server = net.createServer((socket) => {
    sockets.push(socket);
    wake();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    accepted: async (count) => {
      while (sockets.length < count) await new Promise<void>((resolve) => (wake = resolve));
      return sockets.slice(0, count);
    },
  };
}

describe('the user at the other end of a loopback connection', () => {
  it.skipIf(process.platform !== 'linux')('is this process\'s own for each of many connections asked at once', async () => {
    const { port, accepted } = await listening();
    const clients = Array.from({ length: 12 }, () => net.connect(port, '127.0.0.1'));
    const sockets = await accepted(clients.length);
    expect(await Promise.all(sockets.map(peerUid))).toEqual(sockets.map(() => process.getuid!()));
    for (const client of clients) client.destroy();
  });

  // Asked in one batch with connections of this user: each gets its own owner.
  it.skipIf(process.getuid?.() !== 0)('names another user\'s connection among this user\'s ones (needs root to act as nobody)', async () => {
    const { port, accepted } = await listening();
    const own = net.connect(port, '127.0.0.1');
    const [first] = await accepted(1);
    const other = execFile(process.execPath, ['-e', holdAs, String(port)], { uid: 65534, gid: 65534, cwd: '/', timeout: 20_000 });
    const [, second] = await accepted(2);
    const another = net.connect(port, '127.0.0.1');
    const [, , third] = await accepted(3);
    expect(await Promise.all([first!, second!, third!].map(peerUid))).toEqual([0, 65534, 0]);
    for (const socket of [first!, second!, third!]) socket.destroy();
    own.destroy();
    another.destroy();
    await new Promise((resolve) => other.on('exit', resolve));
  });

  it('is unknown for a socket that is not connected', async () => {
    expect(await peerUid(new net.Socket())).toBeNull();
  });
});
