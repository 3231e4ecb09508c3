import dgram from 'node:dgram';

export interface TestDnsServer {
  /** `127.0.0.1:port`, as a profile's DNS list names it. */
  address: string;
  /** Names asked for, in order. */
  asked: string[];
  close(): Promise<void>;
}

/** The question's name and type, and where the question ends. */
function readQuestion(message: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (message[at]! !== 0) {
    const length = message[at]!;
    labels.push(message.subarray(at + 1, at + 1 + length).toString('ascii'));
    at += 1 + length;
  }
  return { name: labels.join('.').toLowerCase(), type: message.readUInt16BE(at + 1), end: at + 5 };
}

/**
 * A DNS server on 127.0.0.1 that knows only the names it is given, each pointing at an IPv4
 * address, and answers everything else "no such name". Enough for a profile's own DNS servers to
 * be seen in use, without anything leaving loopback.
 */
export async function startTestDnsServer(records: Record<string, string>): Promise<TestDnsServer> {
  const asked: string[] = [];
  const socket = dgram.createSocket('udp4');
  socket.on('message', (message, from) => {
    const { name, type, end } = readQuestion(message);
    asked.push(name);
    const address = records[name];
    const answers = address && type === 1 ? 1 : 0;
    const header = Buffer.alloc(12);
    message.copy(header, 0, 0, 2);
    // Response, recursion available; NXDOMAIN for names it does not know.
    header.writeUInt16BE(0x8180 | (address ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers, 6);
    const parts = [header, message.subarray(12, end)];
    if (answers) {
      const answer = Buffer.alloc(16);
      answer.writeUInt16BE(0xc00c, 0);
      answer.writeUInt16BE(1, 2);
      answer.writeUInt16BE(1, 4);
      answer.writeUInt32BE(5, 6);
      answer.writeUInt16BE(4, 10);
      address!.split('.').forEach((octet, i) => answer.writeUInt8(Number(octet), 12 + i));
      parts.push(answer);
    }
    socket.send(Buffer.concat(parts), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    asked,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
