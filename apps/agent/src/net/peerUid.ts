import { open, type FileHandle } from 'node:fs/promises';
import type { Socket } from 'node:net';

/** Linux's socket tables: each socket with its owner. */
const TABLES = ['/proc/net/tcp', '/proc/net/tcp6'];

interface Waiting {
  /** The client's own socket as its table line names it: its local port, then its remote one. */
  key: string;
  resolve: (uid: number | null) => void;
}

function hexPort(port: number): string {
  return port.toString(16).toUpperCase().padStart(4, '0');
}

// Reading a table costs the kernel a walk of its whole connection hash: about 4 ms on a machine
// of 24 GB however few sockets it holds, and a profile's start brings eight connections to
// its hop. So one read answers every connection that waits when it begins, and it is read off
// the event loop. A connection accepted while a read runs waits for the next one: only a read
// begun after the accept is sure to list it.
let waiting: Waiting[] = [];
let reading = false;

/**
 * The user id of the process at the other end of a loopback TCP connection. Null where the
 * tables cannot be read (another system) or the connection is not found.
 */
export function peerUid(socket: Socket): Promise<number | null> {
  const { localPort, remotePort } = socket;
  if (localPort === undefined || remotePort === undefined) return Promise.resolve(null);
  return new Promise((resolve) => {
    waiting.push({ key: `${hexPort(remotePort)}>${hexPort(localPort)}`, resolve });
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
        if (batch.length === 0) break;
        const owners = await ownersIn(table, new Set(batch.map((w) => w.key)));
        for (const w of batch) if (owners.has(w.key)) w.resolve(owners.get(w.key)!);
        batch = batch.filter((w) => !owners.has(w.key));
      }
      for (const w of batch) w.resolve(null);
    }
  } finally {
    reading = false;
  }
}

/**
 * The owners of the wanted sockets (`localPort>remotePort`, in hex) that `table` lists. Read a
 * piece at a time and left as soon as every wanted socket is found: the kernel walks its hash
 * only as far as it is read, so a socket in the first half costs half a read.
 */
async function ownersIn(table: string, wanted: Set<string>): Promise<Map<string, number>> {
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
        const fields = line.trim().split(/\s+/);
        if (fields.length < 8) continue;
        const key = `${fields[1]!.slice(-4)}>${fields[2]!.slice(-4)}`;
        if (wanted.has(key)) owners.set(key, Number(fields[7]));
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

/** Whether the connection comes from a process of the user the agent runs as (true where this cannot be told). */
export async function fromOwnUser(socket: Socket): Promise<boolean> {
  const uid = await peerUid(socket);
  return uid === null || process.getuid === undefined || uid === process.getuid();
}
