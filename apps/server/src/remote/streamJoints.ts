import { Transform, pipeline } from 'node:stream';
import { REMOTE_STREAM_CLOSE } from '@facet/contracts';
import { createWebSocketStream, type WebSocket } from 'ws';
import { rfbClientFilter } from './rfbClientFilter.ts';

/** How long a viewer waits for the host to open its side of the stream. */
const HOST_SIDE_WAIT_MS = 15_000;

/** Close codes a viewer's socket ends with, so its page can say why (contracts: REMOTE_STREAM_CLOSE). */
export const viewerCloseCodes = REMOTE_STREAM_CLOSE;

interface Waiting {
  viewer: WebSocket;
  controlling: () => boolean;
  ended: () => void;
  timer: NodeJS.Timeout;
}

/**
 * Viewers' sockets joined to the host's stream sockets byte for byte. The viewer's bytes pass
 * the RFB filter on the way (rfbClientFilter.ts: a watcher's keys, pointer and clipboard stop
 * here, and anything not RFB closes the stream); the host's come back untouched. Each side is
 * a stream with backpressure, so a slow viewer slows its own picture, not the server's memory.
 */
export class StreamJoints {
  private readonly waiting = new Map<string, Waiting>();

  /** The viewer socket waits for the host side named `streamId`; `ended` runs once when it is over. */
  expect(streamId: string, viewer: WebSocket, controlling: () => boolean, ended: () => void): void {
    const timer = setTimeout(() => {
      this.waiting.delete(streamId);
      viewer.close(viewerCloseCodes.hostAway, 'host did not answer');
    }, HOST_SIDE_WAIT_MS);
    const waiting: Waiting = { viewer, controlling, ended, timer };
    this.waiting.set(streamId, waiting);
    viewer.once('close', () => {
      if (this.waiting.get(streamId) === waiting) {
        clearTimeout(timer);
        this.waiting.delete(streamId);
      }
      ended();
    });
  }

  /** The host's side arrived: joined, or false when no viewer waits for it (it is closed). */
  hostArrived(streamId: string, host: WebSocket): boolean {
    const waiting = this.waiting.get(streamId);
    if (!waiting) {
      host.close(viewerCloseCodes.ended, 'no viewer');
      return false;
    }
    this.waiting.delete(streamId);
    clearTimeout(waiting.timer);
    join(waiting.viewer, host, waiting.controlling);
    return true;
  }

  close(): void {
    for (const { viewer, timer } of this.waiting.values()) {
      clearTimeout(timer);
      viewer.terminate();
    }
    this.waiting.clear();
  }
}

function join(viewer: WebSocket, host: WebSocket, controlling: () => boolean): void {
  // Each duplex reads what its socket received and writes what it sends.
  const viewerSide = createWebSocketStream(viewer);
  const hostSide = createWebSocketStream(host);
  const filter = rfbClientFilter({ controlling });
  const filtered = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const { forward, fault } = filter.push(chunk);
      if (forward.length > 0) this.push(forward);
      // Closed with its own code, so the viewer's page can tell a refusal from an end; the
      // pipelines then end with the socket.
      if (fault && viewer.readyState === viewer.OPEN) viewer.close(viewerCloseCodes.refused, fault.code);
      done();
    },
  });
  const end = () => {
    if (viewer.readyState === viewer.OPEN) viewer.close(viewerCloseCodes.ended, 'stream ended');
    if (host.readyState === host.OPEN) host.close(viewerCloseCodes.ended, 'stream ended');
  };
  pipeline(viewerSide, filtered, hostSide, end);
  pipeline(hostSide, viewerSide, end);
}
