import net from 'node:net';

/** What a VNC server tells a client that has shaken hands: its framebuffer's size and desktop name. */
export interface ServerInit {
  width: number;
  height: number;
  name: string;
}

/**
 * A minimal RFB 3.8 client handshake over `socket` (RFC 6143 §7.1–7.3.2): version, security type
 * None, ClientInit (shared), then the ServerInit read back. Only what tests need to check a display.
 */
export async function rfbHandshake(socket: net.Socket): Promise<ServerInit> {
  const reader = bytesOf(socket);
  const version = (await reader.take(12)).toString('latin1');
  if (!version.startsWith('RFB ')) throw new Error(`not an RFB server: ${JSON.stringify(version)}`);
  socket.write('RFB 003.008\n');
  const count = (await reader.take(1))[0]!;
  if (count === 0) throw new Error('the server refused the connection');
  const types = [...(await reader.take(count))];
  if (!types.includes(1)) throw new Error(`no security type None among ${types.join(',')}`);
  socket.write(Buffer.from([1]));
  const result = (await reader.take(4)).readUInt32BE(0);
  if (result !== 0) throw new Error(`security result ${result}`);
  socket.write(Buffer.from([1]));
  const init = await reader.take(24);
  const name = (await reader.take(init.readUInt32BE(20))).toString('utf8');
  return { width: init.readUInt16BE(0), height: init.readUInt16BE(2), name };
}

/** Connects to a Unix socket or host:port. */
export function connectTo(where: string | { host: string; port: number }): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = typeof where === 'string' ? net.connect(where) : net.connect(where.port, where.host);
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

function bytesOf(socket: net.Socket) {
  let buffered = Buffer.alloc(0);
  let waiting: (() => void) | null = null;
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    waiting?.();
  });
  return {
    take: async (n: number): Promise<Buffer> => {
      while (buffered.length < n) {
        if (socket.destroyed) throw new Error('the socket closed');
        await new Promise<void>((resolve) => {
          waiting = resolve;
          socket.once('close', resolve);
        });
        waiting = null;
      }
      const taken = buffered.subarray(0, n);
      buffered = buffered.subarray(n);
      return taken;
    },
  };
}
