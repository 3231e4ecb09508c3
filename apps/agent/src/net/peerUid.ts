import fs from 'node:fs';
import type { Socket } from 'node:net';

function hexPort(port: number): string {
  return port.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * The user id of the process at the other end of a loopback TCP connection, read from Linux's
 * socket tables (/proc/net/tcp, tcp6: each socket with its owner). Null where they cannot be
 * read (another system) or the connection is not found.
 */
export function peerUid(socket: Socket): number | null {
  const { localPort, remotePort } = socket;
  if (localPort === undefined || remotePort === undefined) return null;
  // The client's own socket: its local port is our remote one, its remote port our local one.
  const clientEnd = `:${hexPort(remotePort)}`;
  const ourEnd = `:${hexPort(localPort)}`;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = fs.readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 8) continue;
      if (fields[1]!.endsWith(clientEnd) && fields[2]!.endsWith(ourEnd)) return Number(fields[7]);
    }
  }
  return null;
}

/** Whether the connection comes from a process of the user the agent runs as (true where this cannot be told). */
export function fromOwnUser(socket: Socket): boolean {
  const uid = peerUid(socket);
  return uid === null || process.getuid === undefined || uid === process.getuid();
}
