import { HOST_LINK_MAX_MESSAGE_BYTES, hostReportSchema, type HostCommand, type HostReport } from '@facet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';

/** How often the server pings a host's link; one that misses two pings is taken for gone. */
const PING_EVERY_MS = 15_000;

interface Link {
  socket: WebSocket;
  alive: boolean;
}

/**
 * The hosts connected to this server instance: one link each (a second connection of the same
 * host replaces the first). Commands go out as JSON text frames; reports come in checked against
 * the contract, and one that is not is dropped with a log line, never thrown.
 */
export class HostLinks {
  private readonly links = new Map<string, Link>();
  private readonly pinger: NodeJS.Timeout;

  constructor(
    private readonly handlers: {
      report: (hostId: string, report: HostReport) => Promise<void>;
      connected: (hostId: string) => Promise<void>;
      disconnected: (hostId: string) => Promise<void>;
    },
    private readonly log: FastifyBaseLogger,
  ) {
    this.pinger = setInterval(() => this.ping(), PING_EVERY_MS);
    this.pinger.unref();
  }

  /** Takes an upgraded socket as `hostId`'s link. */
  attach(hostId: string, socket: WebSocket): void {
    const previous = this.links.get(hostId);
    if (previous) previous.socket.close(4000, 'replaced');
    const link: Link = { socket, alive: true };
    this.links.set(hostId, link);
    socket.on('pong', () => (link.alive = true));
    socket.on('message', (data, isBinary) => {
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      if (isBinary || bytes.length > HOST_LINK_MAX_MESSAGE_BYTES) return socket.close(1003, 'text messages only');
      let parsed: ReturnType<typeof hostReportSchema.safeParse>;
      try {
        parsed = hostReportSchema.safeParse(JSON.parse(bytes.toString('utf8')));
      } catch {
        parsed = hostReportSchema.safeParse(null);
      }
      if (!parsed.success) return this.log.warn({ hostId }, 'host link: a report that is not one was dropped');
      this.handlers.report(hostId, parsed.data).catch((error: unknown) => this.log.error({ err: error, hostId }, 'host link: a report failed'));
    });
    socket.on('close', () => {
      if (this.links.get(hostId) !== link) return;
      this.links.delete(hostId);
      this.handlers.disconnected(hostId).catch((error: unknown) => this.log.error({ err: error, hostId }, 'host link: its end failed'));
    });
    socket.on('error', () => socket.terminate());
    this.handlers.connected(hostId).catch((error: unknown) => this.log.error({ err: error, hostId }, 'host link: its start failed'));
  }

  online(hostId: string): boolean {
    return this.links.has(hostId);
  }

  /** False when the host is not connected here: nothing was sent. */
  send(hostId: string, command: HostCommand): boolean {
    const link = this.links.get(hostId);
    if (!link) return false;
    link.socket.send(JSON.stringify(command));
    return true;
  }

  /** A removed host: its link closes now and is not taken again (its token no longer opens it). */
  drop(hostId: string): void {
    this.links.get(hostId)?.socket.close(4001, 'removed');
  }

  close(): void {
    clearInterval(this.pinger);
    for (const { socket } of this.links.values()) socket.terminate();
    this.links.clear();
  }

  private ping(): void {
    for (const link of this.links.values()) {
      if (!link.alive) {
        link.socket.terminate();
        continue;
      }
      link.alive = false;
      link.socket.ping();
    }
  }
}
