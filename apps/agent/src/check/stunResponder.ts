import dgram from 'node:dgram';

export interface StunResponder {
  /** `stun:127.0.0.1:port`, for an RTCPeerConnection's iceServers. */
  url: string;
  /** Where the binding requests it answered came from (`address:port`). */
  seen: string[];
  close(): Promise<void>;
}

const BINDING_REQUEST = 0x0001;
const BINDING_SUCCESS = 0x0101;
const MAGIC_COOKIE = [0x21, 0x12, 0xa4, 0x42];

/**
 * A STUN binding responder (RFC 5389) on 127.0.0.1 for one fingerprint check: it tells each
 * request where it came from, as a public STUN server tells a browser its public address. Any
 * request it hears is UDP that left the browser outside the profile's proxy.
 */
export async function startStunResponder(): Promise<StunResponder> {
  const socket = dgram.createSocket('udp4');
  const seen: string[] = [];
  socket.on('message', (request, from) => {
    if (request.length < 20 || request.readUInt16BE(0) !== BINDING_REQUEST) return;
    seen.push(`${from.address}:${from.port}`);
    const answer = Buffer.alloc(32);
    answer.writeUInt16BE(BINDING_SUCCESS, 0);
    answer.writeUInt16BE(12, 2);
    request.copy(answer, 4, 4, 20); // magic cookie and transaction id
    answer.writeUInt16BE(0x0020, 20); // XOR-MAPPED-ADDRESS, IPv4
    answer.writeUInt16BE(8, 22);
    answer.writeUInt16BE(0x0001, 24);
    answer.writeUInt16BE(from.port ^ 0x2112, 26);
    from.address.split('.').forEach((byte, i) => answer.writeUInt8(Number(byte) ^ MAGIC_COOKIE[i]!, 28 + i));
    socket.send(answer, from.port, from.address);
  });
  // A datagram that cannot be answered is the browser's loss, never the agent's crash.
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
  let closing: Promise<void> | null = null;
  return {
    url: `stun:127.0.0.1:${socket.address().port}`,
    seen,
    close: () => (closing ??= new Promise<void>((resolve) => socket.close(() => resolve()))),
  };
}
