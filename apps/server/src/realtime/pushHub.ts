import type { Server as HttpServer } from 'node:http';
import {
  Code,
  PUSH_LOGIN_BY_COOKIE,
  SESSION_COOKIE,
  codeMessageKey,
  realtimeEvents,
  realtimeLoginSchema,
  resolveLanguage,
  realtimeProgressEvent,
  type RealtimeProgress,
  type RealtimePush,
} from '@facet/contracts';
import { translate } from '@facet/i18n';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type ServerOptions, type Socket } from 'socket.io';
import { readCookie } from '../security/cookieHeader.ts';
import type { PendingPushesRepository } from '../repositories/pendingPushes.ts';

interface PushIdentity {
  accountId: string;
  sessionId: string;
  /** When the session token the socket logged in with expires (a renewed console logs in again). */
  expiresAt: number;
}

const accountRoom = (accountId: string) => `account:${accountId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * The socket.io push channel. A socket joins its account's room after `login` with a valid
 * session token; pushes go to rooms. Each socket keeps its language so a push reads in it.
 * With several server instances the rooms span them (the Redis adapter, REDIS_URL): a push
 * caused on one instance finds the account's sockets on every instance (`fetchSockets` asks
 * them all) and reaches them through Redis.
 */
export class PushHub {
  private io: Server | null = null;

  constructor(
    private readonly authenticate: (token: string) => Promise<PushIdentity | null>,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
    /**
     * Where a process that never attaches (an operator command) leaves its pushes, for a server
     * instance to deliver (jobs/pendingPushes.ts); without it they are dropped.
     */
    private readonly deferred: Pick<PendingPushesRepository, 'add'> | null = null,
  ) {}

  /**
   * `originAllowed`: the same rule as the API's CORS (security/webProtection.ts), applied to the
   * handshake itself. `adapter`: where rooms live; null for this process only.
   */
  attach(server: HttpServer, originAllowed: (origin: string | undefined) => boolean = () => true, adapter: ServerOptions['adapter'] | null = null): void {
    this.io = new Server(server, {
      ...(adapter ? { adapter } : {}),
      path: '/socket.io',
      serveClient: false,
      // Other upgrades on this port (hosts' and viewers' sockets, routes/remoteSockets.ts) are
      // answered there; socket.io must not end them while their authentication is under way.
      destroyUpgrade: false,
      cors: { origin: (origin, callback) => callback(null, originAllowed(origin)) },
      // CORS only keeps a page from reading answers; a refused Origin must not connect at all.
      allowRequest: (req, callback) => callback(null, originAllowed(req.headers.origin)),
    });
    this.io.on('connection', (socket) => this.onConnection(socket));
  }

  private onConnection(socket: Socket): void {
    socket.on(realtimeEvents.login, async (raw: unknown, ack?: (answer: { code: number }) => void) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      const parsed = realtimeLoginSchema.safeParse(raw);
      if (!parsed.success) return reply({ code: Code.INVALID_INPUT });
      try {
        // A cookie session cannot read its token: the cookie came with the handshake (same site only).
        const token = parsed.data.auth === PUSH_LOGIN_BY_COOKIE ? readCookie(socket.request.headers.cookie, SESSION_COOKIE) : parsed.data.auth;
        const identity = token ? await this.authenticate(token) : null;
        if (!identity) return reply({ code: Code.SESSION_EXPIRED });
        for (const room of socket.rooms) if (room !== socket.id) await socket.leave(room);
        socket.data.lang = resolveLanguage(parsed.data.lang ?? 0).tag;
        socket.data.expiresAt = identity.expiresAt;
        await socket.join([accountRoom(identity.accountId), sessionRoom(identity.sessionId)]);
        reply({ code: Code.OK });
      } catch (error) {
        this.log.error({ err: error }, 'push login failed');
        reply({ code: Code.SERVER_ERROR });
      }
    });
  }

  /** 887 to every socket of the account, then disconnect them: their sessions are gone. */
  async forceLogout(accountId: string): Promise<void> {
    if (!this.io) return this.defer(accountId, 'logout', Code.FORCED_LOGOUT, undefined);
    await this.pushAndClose(accountRoom(accountId), Code.FORCED_LOGOUT);
  }

  /** A signed-out session's sockets are closed quietly (the console closes its own too). */
  async closeSession(sessionId: string): Promise<void> {
    if (!this.io) return;
    this.io.in(sessionRoom(sessionId)).disconnectSockets(true);
  }

  async pushToAccount(accountId: string, code: number, data?: unknown): Promise<void> {
    if (!this.io) return this.defer(accountId, 'account', code, data);
    for (const socket of await this.liveSockets(accountId)) {
      socket.emit(realtimeEvents.message, this.message(code, socket.data.lang as string | undefined, data));
    }
  }

  /** Progress of a long call, to the account's sockets (the caller matches its requestId). */
  async progress(accountId: string, progress: RealtimeProgress): Promise<void> {
    for (const socket of await this.liveSockets(accountId)) socket.emit(realtimeProgressEvent, progress);
  }

  /**
   * The account's sockets whose session token is still good. One whose token has expired (its
   * console went away without renewing, or its session was taken) hears nothing more: it is told
   * so and leaves the account's rooms, and stays connected, so a console that is still there
   * logs it in again after its silent renewal (the console does so with every new token).
   */
  private async liveSockets(accountId: string) {
    if (!this.io) return [];
    const now = this.now();
    const live = [];
    for (const socket of await this.socketsIn(accountRoom(accountId))) {
      if (typeof socket.data.expiresAt === 'number' && socket.data.expiresAt <= now) {
        socket.emit(realtimeEvents.message, this.message(Code.SESSION_EXPIRED, socket.data.lang as string | undefined));
        for (const room of socket.rooms) if (room !== socket.id) socket.leave(room);
      } else live.push(socket);
    }
    return live;
  }

  private async pushAndClose(room: string, code: number): Promise<void> {
    if (!this.io) return;
    for (const socket of await this.socketsIn(room)) {
      socket.emit(realtimeEvents.message, this.message(code, socket.data.lang as string | undefined));
      socket.disconnect(true);
    }
  }

  /**
   * The room's sockets on every instance. With several instances this asks the others through
   * Redis; while Redis is away that fails, and the push is lost rather than failing the call
   * that caused it (a password change, a payment: done and committed by now).
   */
  private async socketsIn(room: string) {
    try {
      return await this.io!.in(room).fetchSockets();
    } catch (error) {
      this.log.error({ err: error, room }, 'push lost: the sockets of the room could not be found');
      return [];
    }
  }

  private async defer(accountId: string, kind: 'account' | 'logout', code: number, data: unknown): Promise<void> {
    if (!this.deferred) return;
    try {
      await this.deferred.add({ accountId, kind, code, data }, this.now());
    } catch (error) {
      // As with a push that finds no sockets: what caused it is done and committed by now.
      this.log.error({ err: error, code }, 'push lost: it could not be left for the server');
    }
  }

  private message(code: number, lang: string | undefined, data?: unknown): RealtimePush {
    const key = codeMessageKey[code as keyof typeof codeMessageKey] ?? 'error.unknown';
    return { code, msg: translate(lang ?? 'en-US', key), ...(data === undefined ? {} : { data }) };
  }

  async close(): Promise<void> {
    if (!this.io) return;
    // This instance's sockets only: the other instances keep theirs.
    this.io.local.disconnectSockets(true);
    // socket.io's close also closes the HTTP server, which Fastify owns; only end the engine,
    // and the adapter (the Redis one unsubscribes, so no other instance waits for this one).
    this.io.engine.close();
    await this.io.of('/').adapter.close();
    this.io = null;
  }
}
