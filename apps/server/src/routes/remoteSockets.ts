import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Code, HOST_JOIN_PATH, HOST_LINK_MAX_MESSAGE_BYTES, HOST_LINK_PATH, HOST_STREAM_PATH, REMOTE_STREAM_PATH, hostJoinRequestSchema } from '@facet/contracts';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { answer } from '../calls/answers.ts';
import { requestLanguage, sendError } from '../calls/registerCalls.ts';
import { AppError } from '../errors.ts';
import { HostLinks } from '../remote/hostLinks.ts';
import { StreamJoints, viewerCloseCodes } from '../remote/streamJoints.ts';
import type { Services } from '../services/container.ts';

/** The largest RFB message a viewer sends is a clipboard; the filter refuses more than this anyway. */
const VIEWER_MAX_FRAME_BYTES = 1024 * 1024;
const streamIdPattern = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Hosts and viewers on the server's own origin (no other port): a host's join (its one-time code
 * for a token), its standing link and its stream sockets, and viewers' stream sockets opened with
 * a ticket. Everything else that asks to upgrade, but socket.io, is refused here.
 */
export function remoteSockets(app: FastifyInstance, services: Services, originAllowed: (origin: string | undefined, host: string | undefined) => boolean): { close(): void } {
  const { hosts, remoteRuns } = services;
  const links = new HostLinks(
    {
      report: async (hostId, report) => {
        const host = await hosts.byId(hostId);
        if (host) await remoteRuns.hostReported(host, report);
      },
      connected: (hostId) => remoteRuns.hostConnected(hostId),
      disconnected: (hostId) => remoteRuns.hostDisconnected(hostId),
    },
    app.log,
  );
  const joints = new StreamJoints();
  hosts.attachPresence(links);
  remoteRuns.attachHosts(links);

  app.post(HOST_JOIN_PATH, async (request, reply) => {
    const language = requestLanguage(request);
    try {
      const parsed = hostJoinRequestSchema.safeParse(request.body);
      if (!parsed.success) throw new AppError(Code.INVALID_INPUT, { issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), key: 'validation.invalid' })) });
      return reply.send(answer(Code.OK, language, await hosts.join(parsed.data, request.ip)));
    } catch (error) {
      return sendError(reply, error, language);
    }
  });

  const hostSockets = new WebSocketServer({ noServer: true, maxPayload: HOST_LINK_MAX_MESSAGE_BYTES });
  const streamSockets = new WebSocketServer({ noServer: true, maxPayload: VIEWER_MAX_FRAME_BYTES, perMessageDeflate: false });

  const refuse = (socket: Duplex, status: number) => {
    socket.end(`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Not Found'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };
  const bearer = (request: IncomingMessage) => /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://server');
    // socket.io answers its own upgrades.
    if (url.pathname.startsWith('/socket.io/')) return;
    socket.on('error', () => socket.destroy());
    void (async () => {
      if (url.pathname === HOST_LINK_PATH) {
        const host = await hosts.authenticate(bearer(request));
        if (!host) return refuse(socket, 401);
        hostSockets.handleUpgrade(request, socket, head, (ws) => links.attach(host.id, ws));
      } else if (url.pathname.startsWith(HOST_STREAM_PATH)) {
        const streamId = url.pathname.slice(HOST_STREAM_PATH.length);
        const host = streamIdPattern.test(streamId) ? await hosts.authenticate(bearer(request)) : null;
        const viewer = host ? remoteRuns.viewers.get(streamId) : undefined;
        const run = viewer ? await remoteRuns.runOf(viewer.runId) : undefined;
        if (!host || !run || run.host_id !== host.id) return refuse(socket, 404);
        streamSockets.handleUpgrade(request, socket, head, (ws) => joints.hostArrived(streamId, ws));
      } else if (url.pathname === REMOTE_STREAM_PATH) {
        if (!originAllowed(request.headers.origin, request.headers.host)) return refuse(socket, 403);
        const admitted = await remoteRuns.admit(url.searchParams.get('ticket') ?? '');
        if (!admitted) return refuse(socket, 401);
        streamSockets.handleUpgrade(request, socket, head, (ws) => void openViewer(ws, admitted));
      } else refuse(socket, 404);
    })().catch((error: unknown) => {
      app.log.error({ err: error }, 'remote socket: the upgrade failed');
      socket.destroy();
    });
  };

  const openViewer = async (ws: WebSocket, admitted: NonNullable<Awaited<ReturnType<typeof remoteRuns.admit>>>) => {
    const { run, account, sessionId, viewerId } = admitted;
    const viewer = {
      id: viewerId,
      runId: run.id,
      profileId: run.profile_id,
      accountId: account.id,
      sessionId,
      name: account.username,
      close: (reason: 'ended' | 'revoked') => ws.close(viewerCloseCodes[reason], reason),
    };
    joints.expect(viewerId, ws, () => remoteRuns.viewers.controlling(viewerId), () => void remoteRuns.left(viewerId).catch((error: unknown) => app.log.error({ err: error }, 'remote viewer: its leaving failed')));
    if (!(await remoteRuns.joined(viewer, run))) ws.close(viewerCloseCodes.hostAway, 'host away');
  };

  app.server.on('upgrade', onUpgrade);
  return {
    close() {
      app.server.off('upgrade', onUpgrade);
      joints.close();
      links.close();
      remoteRuns.close();
      hostSockets.close();
      streamSockets.close();
    },
  };
}
