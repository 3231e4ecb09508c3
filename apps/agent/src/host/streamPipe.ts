import net from 'node:net';
import WebSocket from 'ws';

/** Above this many bytes queued on the WebSocket, the VNC socket is not read until it drains. */
const HIGH_WATER = 1024 * 1024;
const LOW_WATER = 256 * 1024;
/** One frame from the server (a viewer's keys, pointer, clipboard) is never this large. */
const MAX_VIEWER_FRAME = 4 * 1024 * 1024;

export interface StreamPipe {
  /** Resolves once both sides are closed, however that came. */
  readonly closed: Promise<void>;
  close(): void;
}

/**
 * One viewer's stream: a WebSocket to the server (`url`, the host's token as Bearer) joined to
 * the run display's VNC socket, bytes both ways (binary frames). Backpressure on both sides: the
 * VNC socket is paused while the WebSocket has much unsent, and the WebSocket while the VNC
 * socket does. Either side closing closes the other.
 */
export function openStreamPipe(options: { url: string; token: string; socketPath: string; log: (line: string) => void }): StreamPipe {
  const { url, token, socketPath, log } = options;
  const ws = new WebSocket(url, { headers: { authorization: `Bearer ${token}` }, maxPayload: MAX_VIEWER_FRAME, perMessageDeflate: false });
  let vnc: net.Socket | null = null;
  let closing = false;
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  let wsGone = false;
  let vncGone = true;
  const settle = () => {
    if (wsGone && vncGone) resolveClosed();
  };
  const close = () => {
    if (closing) return;
    closing = true;
    vnc?.destroy();
    if (ws.readyState === WebSocket.CONNECTING || ws.readyState === WebSocket.OPEN) ws.close(1000);
    else if (ws.readyState === WebSocket.CLOSED) {
      wsGone = true;
      settle();
    }
    // A peer that never answers the close still goes.
    setTimeout(() => ws.terminate(), 5_000).unref();
  };
  ws.on('close', () => {
    wsGone = true;
    close();
    settle();
  });
  ws.on('error', (error) => {
    log(`stream: ${error.message}`);
    close();
  });
  ws.on('unexpected-response', (_request, response) => {
    log(`stream: the server answered HTTP ${response.statusCode}`);
    ws.terminate();
  });
  ws.on('open', () => {
    if (closing) return;
    vncGone = false;
    const socket = net.connect(socketPath);
    vnc = socket;
    socket.on('data', (chunk: Buffer) => {
      ws.send(chunk, { binary: true }, () => {
        if (socket.isPaused() && ws.bufferedAmount < LOW_WATER) socket.resume();
      });
      if (ws.bufferedAmount > HIGH_WATER) socket.pause();
    });
    socket.on('drain', () => ws.resume());
    socket.on('error', (error) => log(`stream: the display's socket: ${error.message}`));
    socket.on('close', () => {
      vncGone = true;
      close();
      settle();
    });
  });
  ws.on('message', (data, isBinary) => {
    // Only RFB bytes travel here; text frames mean nothing to a display.
    if (!isBinary || !vnc || vnc.destroyed) return;
    const chunks = Buffer.isBuffer(data) ? [data] : Array.isArray(data) ? data : [Buffer.from(data)];
    for (const chunk of chunks) if (!vnc.write(chunk)) ws.pause();
  });
  return { closed, close };
}
