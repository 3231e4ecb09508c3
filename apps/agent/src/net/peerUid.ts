import { open, type FileHandle } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { tableEnd } from './socketTableKey.ts';

/** Linux's socket tables: each socket with its owner. */
const TABLES = ['/proc/net/tcp', '/proc/net/tcp6'] as const;
type Table = (typeof TABLES)[number];

interface Waiting {
  /**
   * The client's own socket as each table would name it: its local end, then its remote end
   * (our socket's ends the other way round). The whole connection, addresses and ports: ports
   * alone are not one connection, since another user may connect *from* 127.0.0.N:P to our
   * port P, and our own accepted socket then has the same two ports (issue 34).
   */
  keys: Map<Table, string>;
  resolve: (uid: number | null) => void;
  /** Reads that did not list it: it is refused after two, not one (see readWhileWaiting). */
  misses: number;
}

// Reading a table costs the kernel a walk of its whole connection hash: about 4 ms on a machine
// of 24 GB however few sockets it holds, and a profile's start brings eight connections to
// its hop. So one read answers every connection that waits when it begins, and it is read off
// the event loop. A connection accepted while a read runs waits for the next one: only a read
// begun after the accept is sure to list it.
let waiting: Waiting[] = [];
let reading = false;

/** The table lines that could hold the client's socket of this connection, by table. */
function peerKeys(socket: Socket): Map<Table, string> {
  const keys = new Map<Table, string>();
  const { localAddress, localPort, remoteAddress, remotePort } = socket;
  if (localAddress === undefined || localPort === undefined || remoteAddress === undefined || remotePort === undefined) return keys;
  const add = (table: Table, peer: string, own: string) => {
    const peerEnd = tableEnd(peer, remotePort);
    const ownEnd = tableEnd(own, localPort);
    if (peerEnd && ownEnd) keys.set(table, `${peerEnd} ${ownEnd}`);
  };
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;
  const peerV4 = mapped.exec(remoteAddress)?.[1];
  const ownV4 = mapped.exec(localAddress)?.[1];
  if (socket.remoteFamily === 'IPv6') {
    add('/proc/net/tcp6', remoteAddress, localAddress);
    // A dual-stack listener shows an IPv4 client as ::ffff:a.b.c.d; the client's own socket
    // may be an IPv4 one, listed in the IPv4 table.
    if (peerV4 && ownV4) add('/proc/net/tcp', peerV4, ownV4);
  } else {
    add('/proc/net/tcp', remoteAddress, localAddress);
    // A client on a dual-stack socket (Java's default) reaches an IPv4 listener as
    // ::ffff:a.b.c.d, and its socket is listed in the IPv6 table.
    add('/proc/net/tcp6', `::ffff:${remoteAddress}`, `::ffff:${localAddress}`);
  }
  return keys;
}

/**
 * The user id of the process at the other end of a loopback TCP connection. Null where the
 * tables cannot be read (another system), the connection is not listed, or its line names no
 * owner (a socket its process already let go of: inode 0, printed with uid 0, which would pass
 * for root).
 */
export function peerUid(socket: Socket): Promise<number | null> {
  const keys = peerKeys(socket);
  if (keys.size === 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    waiting.push({ keys, resolve, misses: 0 });
    if (!reading) void readWhileWaiting();
  });
}

async function readWhileWaiting(): Promise<void> {
  reading = true;
  try {
    while (waiting.length > 0) {
      let batch = waiting;
      waiting = [];
      for (const table of TABLES) {
        const asking = batch.filter((w) => w.keys.has(table));
        if (asking.length === 0) continue;
        const owners = await ownersIn(table, new Set(asking.map((w) => w.keys.get(table)!)));
        for (const w of asking) {
          const uid = owners.get(w.keys.get(table)!);
          if (uid !== undefined) w.resolve(uid);
        }
        batch = batch.filter((w) => !owners.has(w.keys.get(table) ?? ''));
      }
      // Not listed in one read: read once more before refusing. The kernel lists a socket in
      // the table a moment after the connection is accepted and, under load, a read can miss
      // one that is there; a refused own-user client is a start that fails for no reason.
      for (const w of batch) {
        if (++w.misses < 2) waiting.push(w);
        else w.resolve(null);
      }
    }
  } finally {
    reading = false;
  }
}

/**
 * The owners of the wanted sockets (`localEnd remoteEnd`, as the table writes them) that
 * `table` lists with an owner. Read a piece at a time and left as soon as every wanted socket
 * is found: the kernel walks its hash only as far as it is read, so a socket in the first half
 * costs half a read.
 */
async function ownersIn(table: Table, wanted: Set<string>): Promise<Map<string, number>> {
  const owners = new Map<string, number>();
  let file: FileHandle;
  try {
    file = await open(table, 'r');
  } catch {
    return owners;
  }
  try {
    const piece = Buffer.alloc(PIECE_BYTES);
    let rest = '';
    let header = true;
    for (;;) {
      const { bytesRead } = await file.read(piece, 0, piece.length, null);
      if (bytesRead === 0) break;
      const lines = (rest + piece.toString('latin1', 0, bytesRead)).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        if (header) {
          header = false;
          continue;
        }
        // sl local rem st queues timer retransmits uid timeout inode …
        const fields = line.trim().split(/\s+/);
        if (fields.length < 10) continue;
        const key = `${fields[1]} ${fields[2]}`;
        if (!wanted.has(key) || fields[9] === '0') continue;
        owners.set(key, Number(fields[7]));
      }
      if (owners.size === wanted.size) break;
    }
  } catch {
    // A table that cannot be read to its end: what was found stands, the rest is unknown.
  } finally {
    await file.close().catch(() => {});
  }
  return owners;
}

/** Lines are about 150 bytes: a piece is a few dozen sockets. */
const PIECE_BYTES = 8192;

/** Whether this system tells who is at the other end of a loopback connection (Linux's socket tables). */
export function tellsPeerUser(): boolean {
  return process.platform === 'linux' && process.getuid !== undefined;
}

/**
 * Whether the connection comes from a process of the user the agent runs as. On Linux it fails
 * closed: a connection whose owner cannot be found is another user's. Elsewhere there are no
 * tables to ask, and the per-start secrets are the only lock (docs/security.md).
 */
export async function fromOwnUser(socket: Socket): Promise<boolean> {
  if (!tellsPeerUser()) return true;
  return (await peerUid(socket)) === process.getuid!();
}
