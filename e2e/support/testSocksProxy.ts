import net from 'node:net';

export interface TestSocksProxy {
  port: number;
  seen: string[];
  refused: string[];
  close(): Promise<void>;
}

/** Reads exactly `n` bytes from a socket that may deliver them in pieces. */
function reader(socket: net.Socket) {
  let buffered = Buffer.alloc(0);
  let waiting: { n: number; resolve: (b: Buffer) => void } | null = null;
  const pump = () => {
    if (waiting && buffered.length >= waiting.n) {
      const { n, resolve } = waiting;
      waiting = null;
      const out = buffered.subarray(0, n);
      buffered = buffered.subarray(n);
      resolve(out);
    }
  };
  const onData = (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    pump();
  };
  socket.on('data', onData);
  return {
    read: (n: number) =>
      new Promise<Buffer>((resolve) => {
        waiting = { n, resolve };
        pump();
      }),
    /** Stops reading and hands back what came after the handshake. */
    release: () => {
      socket.off('data', onData);
      return buffered;
    },
  };
}

/**
 * A SOCKS5 proxy with username/password auth (RFC 1928, 1929) on 127.0.0.1 for tests. CONNECT
 * only, and only to 127.0.0.1: any other destination, by name or address, is refused before
 * anything is resolved.
 */
export async function startTestSocksProxy(username: string, password: string): Promise<TestSocksProxy> {
  const seen: string[] = [];
  const refused: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    const { read, release } = reader(client);
    void (async () => {
      const [version, methodCount] = await read(2);
      const methods = await read(methodCount!);
      if (version !== 5 || !methods.includes(2)) return client.end(Buffer.from([5, 0xff]));
      client.write(Buffer.from([5, 2]));
      const [, userLength] = await read(2);
      const user = (await read(userLength!)).toString();
      const [passLength] = await read(1);
      const pass = (await read(passLength!)).toString();
      if (user !== username || pass !== password) return client.end(Buffer.from([1, 1]));
      client.write(Buffer.from([1, 0]));
      const [, command, , addressType] = await read(4);
      let host: string;
      if (addressType === 1) host = [...(await read(4))].join('.');
      else if (addressType === 3) host = (await read((await read(1))[0]!)).toString();
      else host = (await read(16)).toString('hex');
      const port = (await read(2)).readUInt16BE(0);
      if (command !== 1 || host !== '127.0.0.1') {
        refused.push(`${host}:${port}`);
        return client.end(Buffer.from([5, 2, 0, 1, 0, 0, 0, 0, 0, 0]));
      }
      seen.push(`${host}:${port}`);
      const upstream = net.connect(port, '127.0.0.1', () => {
        const reply = Buffer.from([5, 0, 0, 1, 127, 0, 0, 1, 0, 0]);
        reply.writeUInt16BE(port, 8);
        client.write(reply);
        const early = release();
        if (early.length) upstream.write(early);
        client.pipe(upstream).pipe(client);
      });
      upstream.on('error', () => client.end(Buffer.from([5, 5, 0, 1, 0, 0, 0, 0, 0, 0])));
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.address() as net.AddressInfo).port,
    seen,
    refused,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
