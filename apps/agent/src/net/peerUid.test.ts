import { execFile } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { fromOwnUser, peerUid } from './peerUid.ts';
import { addressBytes, tableEnd } from './socketTableKey.ts';

/**
 * Connects to 127.0.0.1:`port` and holds the connection until the server ends it; with a second
 * argument N, from 127.0.0.N and the server's own port number, as an attacker would so that the
 * two ports of its socket are those of the server's accepted socket (issue 34).
 */
const holdAs = `const [port, n] = process.argv.slice(1).map(Number);
const s = require('node:net').connect({ port, host: '127.0.0.1', ...(n ? { localAddress: '127.0.0.' + n, localPort: port } : {}) });
s.on('data', () => {}); s.on('close', () => process.exit(0)); s.on('error', (e) => { console.error(e.message); process.exit(2); });`;

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

  // Before issue 34 the tables were searched by the two port numbers alone, and the server's
  // own accepted socket (agent's user) matched first: 8 of 12 such tries passed as the agent.
  it.skipIf(process.getuid?.() !== 0)('names another user who connects from 127.0.0.N with the server\'s own port number, every time (needs root to act as nobody)', async () => {
    const { port, accepted } = await listening();
    const seen: (number | null)[] = [];
    const own: boolean[] = [];
    // One at a time, as the attacker tried: each connection asked about alone.
    for (let n = 2; n < 14; n++) {
      const other = execFile(process.execPath, ['-e', holdAs, String(port), String(n)], { uid: 65534, gid: 65534, cwd: '/', timeout: 20_000 });
      const socket = (await accepted(n - 1)).at(-1)!;
      expect([socket.remoteAddress, socket.remotePort]).toEqual([`127.0.0.${n}`, port]);
      seen.push(await peerUid(socket));
      own.push(await fromOwnUser(socket));
      socket.destroy();
      await new Promise((resolve) => other.on('exit', resolve));
    }
    expect(seen).toEqual(seen.map(() => 65534));
    expect(own).toEqual(own.map(() => false));
    // Twelve Node processes started one after another: a second each on a loaded machine, not the default 5 s.
  }, 60_000);

  it.skipIf(process.platform !== 'linux')('is this process\'s own over IPv6 loopback', async () => {
    const sockets: net.Socket[] = [];
    server = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => server!.listen(0, '::1', resolve));
    const client = net.connect((server.address() as net.AddressInfo).port, '::1');
    await new Promise((resolve) => client.on('connect', resolve));
    while (sockets.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await peerUid(sockets[0]!)).toBe(process.getuid!());
    client.destroy();
  });

  // A dual-stack client socket (Java's default) reaching an IPv4 listener is listed in the IPv6 table.
  it.skipIf(process.platform !== 'linux')('is this process\'s own for a client on an IPv6 socket that reaches an IPv4 listener', async () => {
    const { port, accepted } = await listening();
    const client = net.connect({ port, host: '::ffff:127.0.0.1', family: 6 });
    const [socket] = await accepted(1);
    expect(socket!.remoteFamily).toBe('IPv4');
    expect(await peerUid(socket!)).toBe(process.getuid!());
    client.destroy();
  });

  it('is unknown for a socket that is not connected, and such a socket is not taken for the agent\'s user', async () => {
    expect(await peerUid(new net.Socket())).toBeNull();
    if (process.platform === 'linux') expect(await fromOwnUser(new net.Socket())).toBe(false);
  });

  // The one whose client already let go of its socket (inode 0 in the table, printed as uid 0):
  // it would pass for root's own, and the agent runs as root in CI.
  it.skipIf(process.platform !== 'linux')('is unknown once the client has closed its socket and the table lists it without an owner', async () => {
    const { port, accepted } = await listening();
    const client = net.connect(port, '127.0.0.1');
    const [socket] = await accepted(1);
    client.destroy();
    await new Promise((resolve) => socket!.on('end', resolve).resume());
    expect(await peerUid(socket!)).toBeNull();
    socket!.destroy();
  });
});

describe('one end of a connection as Linux\'s socket tables write it', () => {
  // Read off a real table line on x86 (little-endian): 127.0.0.1:8481 and ::1:8481.
  it.skipIf(os.endianness() !== 'LE')('matches the kernel\'s words for IPv4, IPv6 and IPv4 mapped into IPv6', () => {
    expect(tableEnd('127.0.0.1', 8481)).toBe('0100007F:2121');
    expect(tableEnd('127.0.0.12', 80)).toBe('0C00007F:0050');
    expect(tableEnd('::1', 8481)).toBe('00000000000000000000000001000000:2121');
    expect(tableEnd('::ffff:127.0.0.1', 1)).toBe('0000000000000000FFFF00000100007F:0001');
  });

  it('reads every form of an IPv6 address into its 16 bytes', () => {
    expect(addressBytes('fe80::1:2')!.toString('hex')).toBe('fe800000000000000000000000010002');
    expect(addressBytes('fe80::1%eth0')!.toString('hex')).toBe('fe800000000000000000000000000001');
    expect(addressBytes('1:2:3:4:5:6:7:8')!.toString('hex')).toBe('00010002000300040005000600070008');
    expect(addressBytes('::')!.toString('hex')).toBe('0'.repeat(32));
    expect(addressBytes('not an address')).toBeNull();
    expect(tableEnd('127.0.0.1', 70000)).toBeNull();
  });
});
