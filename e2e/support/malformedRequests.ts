import net from 'node:net';
import WebSocket from 'ws';

/**
 * Requests and frames no browser sends, for a fuzz of the agent's ports (issue 34): paths that
 * do not decode or parse, broken framing, absurd headers, bodies that are not what they claim,
 * proxy requests to nowhere, TLS on a plain port, and seeded random bytes.
 */
export function malformedRequests(port: number, seed: number): (string | Buffer)[] {
  const host = `Host: 127.0.0.1:${port}\r\n`;
  const key = 'Authorization: Bearer x\r\n';
  const upgrade = 'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n';
  const fixed: (string | Buffer)[] = [
    `GET /%FF HTTP/1.1\r\n${host}\r\n`,
    `GET /%E0%A4%A HTTP/1.1\r\n${host}\r\n`,
    `GET //x:99999/ HTTP/1.1\r\n${host}\r\n`,
    `GET /?launch=%FF&%FF=%00 HTTP/1.1\r\n${host}\r\n`,
    `GET /json/version?%FF HTTP/1.1\r\n${host}\r\n`,
    `GET /api/v1/browser/start?profile_id=%00&profile_id[]=1 HTTP/1.1\r\n${host}${key}\r\n`,
    `GET /${'a'.repeat(70_000)} HTTP/1.1\r\n${host}\r\n`,
    `GET / HTTP/1.1\r\n${host}X-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    `GET / HTTP/1.1\r\n${host}X-Bad: \u0000\u0001\r\n\r\n`,
    `GET / HTTP/1.1\r\nHost: %FF\r\n\r\n`,
    `GET / HTTP/1.1\r\nHost: [::1\r\n\r\n`,
    `GET / HTTP/9.9\r\n${host}\r\n`,
    `GET /\r\n\r\n`,
    'NOT HTTP AT ALL\r\n\r\n',
    `POST /api/v1/user/create HTTP/1.1\r\n${host}${key}Content-Length: -5\r\n\r\n`,
    `POST /api/v1/user/create HTTP/1.1\r\n${host}${key}Content-Length: 5\r\nContent-Length: 7\r\n\r\n{}`,
    `POST /api/v1/user/create HTTP/1.1\r\n${host}${key}Transfer-Encoding: chunked\r\n\r\nZZ\r\nxx\r\n`,
    `POST /api/v1/user/create HTTP/1.1\r\n${host}${key}Content-Type: application/json\r\nContent-Length: 5\r\n\r\n{"a":`,
    `POST /api/v2/browser-profile/start HTTP/1.1\r\n${host}${key}Content-Type: application/json\r\nContent-Length: 20000\r\n\r\n${'['.repeat(20_000)}`,
    `POST /launch?path=%FF HTTP/1.1\r\n${host}Authorization: Bearer %FF\r\nContent-Length: 0\r\n\r\n`,
    `GET /%FF HTTP/1.1\r\n${host}${upgrade}\r\n`,
    `GET //x:99999 HTTP/1.1\r\n${host}${upgrade}\r\n`,
    `GET /bridge HTTP/1.1\r\n${host}${upgrade}Origin: null\r\nCookie: %FF=%FF\r\n\r\n`,
    `GET /devtools/browser/%FF HTTP/1.1\r\n${host}Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 99\r\n\r\n`,
    `GET http://[::1/ HTTP/1.1\r\nHost: [::1\r\n\r\n`,
    `GET http://%FF:99999/ HTTP/1.1\r\nHost: %FF:99999\r\n\r\n`,
    `GET http://127.0.0.1:0/ HTTP/1.1\r\nHost: 127.0.0.1:0\r\n\r\n`,
    `CONNECT %FF:99999 HTTP/1.1\r\nHost: %FF:99999\r\n\r\n`,
    `CONNECT :: HTTP/1.1\r\n\r\n`,
    `CONNECT 127.0.0.1:0 HTTP/1.1\r\nHost: 127.0.0.1:0\r\n\r\n`,
    `CONNECT a b:1 HTTP/1.1\r\n\r\n`,
    Buffer.from('16030100a5010000a10303', 'hex'),
    Buffer.from([0x00, 0xff, 0xfe, 0x0d, 0x0a, 0x0d, 0x0a]),
  ];
  let state = seed >>> 0 || 1;
  const random = () => ((state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32);
  const noise = Array.from({ length: 12 }, () => Buffer.from(Array.from({ length: 1 + Math.floor(random() * 600) }, () => Math.floor(random() * 256))));
  const mangled = Array.from({ length: 8 }, () => {
    const line = `GET /${Array.from({ length: 8 }, () => `%${Math.floor(random() * 256).toString(16).padStart(2, '0')}`).join('')} HTTP/1.1\r\n${host}\r\n`;
    return line;
  });
  return [...fixed, ...noise, ...mangled];
}

/** Sends `bytes` and returns the answer's first line, or how the connection ended. */
export function sendRaw(port: number, bytes: string | Buffer): Promise<string> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.end(bytes));
    const done = (what: string) => {
      resolve(what);
      socket.destroy();
    };
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n')) done(answer.slice(0, answer.indexOf('\r\n')));
    });
    socket.on('error', (error) => done(`error ${(error as NodeJS.ErrnoException).code}`));
    socket.on('close', () => done(answer ? answer.split('\r\n')[0]! : 'closed'));
    socket.setTimeout(10_000, () => done('timeout'));
  });
}

/** Frames and messages no client sends, on an open WebSocket; resolves once the socket is closed or all were sent. */
export async function malformedFrames(url: string, headers: Record<string, string>, first: string[] = []): Promise<number> {
  const messages = ['', 'null', '[]', '{', '{"id":"x"}', '{"id":1e400,"method":{}}', `{"id":1,"method":"${'x'.repeat(10_000)}"}`, '{"id":1,"type":"hello","parameter":{"secret":{}}}', '{"id":2,"method":"Target.attachToTarget","params":{"targetId":{}}}', '{"id":3,"method":"Runtime.evaluate","sessionId":{"a":1}}', '\u0000\uffff'];
  const frames = [Buffer.from([0x83, 0x80, 1, 2, 3, 4]), Buffer.from([0x81, 0x05, 0x68, 0x65]), Buffer.from([0x81, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])];
  const ws = new WebSocket(url, { headers });
  ws.on('error', () => {});
  let sent = 0;
  const opened = await new Promise<boolean>((resolve) => {
    ws.once('open', () => resolve(true));
    ws.once('unexpected-response', () => resolve(false));
    ws.once('error', () => resolve(false));
  });
  if (!opened) return 0;
  for (const text of [...first, ...messages]) {
    if (ws.readyState !== ws.OPEN) break;
    ws.send(text);
    sent++;
  }
  // Unmasked or truncated frames at the socket itself: the server's parser must end the connection, not the agent.
  const socket = (ws as unknown as { _socket: net.Socket })._socket;
  for (const frame of frames) {
    if (socket.destroyed) break;
    socket.write(frame);
    sent++;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  ws.terminate();
  return sent;
}
