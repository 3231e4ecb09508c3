import WebSocket from 'ws';
import {
  HOST_JOIN_PATH,
  HOST_LINK_MAX_MESSAGE_BYTES,
  HOST_LINK_PATH,
  HOST_TOKEN_PREFIX,
  hostCommandSchema,
  hostJoinResponseSchema,
  hostReportSchema,
  type HostCommand,
  type HostJoinRequest,
  type HostJoinResponse,
  type HostLoad,
  type HostReport,
} from '@facet/contracts';

/** How often the link reports the host's load (and the server learns it is alive). */
const LOAD_EVERY_MS = 5_000;
/** Pinged this often; a link with no pong by the next ping is dead (a cable pulled, a NAT forgot it). */
const PING_EVERY_MS = 20_000;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 10_000;
/** Reports of ends (stopped, failed) kept while the link is down, sent when it is up again. */
const MAX_QUEUED = 1_000;

/** The server refused the join (a wrong, used or expired code: HOST_CODE_INVALID) or answered something else. */
export class HostJoinRefused extends Error {
  constructor(
    readonly code: number,
    readonly status: number,
  ) {
    super(`the server refused the host's join (code ${code}, HTTP ${status})`);
  }
}

/** `http(s)://server/base` as the WebSocket URL of `path` on it. */
export function socketUrl(serverUrl: string, path: string): string {
  return `${serverUrl.replace(/^http/, 'ws')}${path}`;
}

/** Joins the team with a one-time code: the host's id and token, from then on its one credential. */
export async function joinTeam(serverUrl: string, request: HostJoinRequest): Promise<HostJoinResponse> {
  const response = await fetch(`${serverUrl}${HOST_JOIN_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
    signal: AbortSignal.timeout(30_000),
  });
  const answer = (await response.json().catch(() => null)) as { code?: unknown; data?: unknown } | null;
  const code = typeof answer?.code === 'number' ? answer.code : -1;
  if (code !== 0) throw new HostJoinRefused(code, response.status);
  const joined = hostJoinResponseSchema.parse(answer?.data);
  if (!joined.token.startsWith(HOST_TOKEN_PREFIX)) throw new Error('the server answered the join with a token that is not a host token');
  return joined;
}

export interface HostLinkOptions {
  serverUrl: string;
  token: string;
  /** The host's load now (host/hostLoad.ts), sent at every (re)connect and every LOAD_EVERY_MS. */
  load: () => HostLoad;
  /** What the server must hear again after a (re)connect: `started` of each run still running. */
  resume: () => HostReport[];
  onCommand: (command: HostCommand) => void;
  /** The link is up (each time it comes up). */
  onUp: () => void;
  /** The server refused the token (HTTP 401): the host was removed. The link tries no more. */
  onRemoved: () => void;
  log: (line: string) => void;
  loadEveryMs?: number;
  firstRetryMs?: number;
}

/**
 * The host's one standing connection to its server (contracts: remote/hostLink.ts): JSON text
 * frames, one message each, every one checked against the contract both ways. It reconnects after
 * any loss with a backoff (1 s, doubling to 10 s) until closed, or until the server refuses its
 * token: then the host has been removed, and trying again would only knock on a shut door.
 */
export class HostLink {
  private socket: WebSocket | null = null;
  private retryMs: number;
  private retryTimer: NodeJS.Timeout | null = null;
  private loadTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly queued: HostReport[] = [];

  constructor(private readonly options: HostLinkOptions) {
    this.retryMs = options.firstRetryMs ?? FIRST_RETRY_MS;
  }

  get up(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  start(): void {
    this.connect();
  }

  /**
   * Sends a report now; while the link is down, a run's end is kept for the next connection
   * (load and `started` are sent afresh at every connect anyway).
   */
  send(report: HostReport): void {
    const checked = hostReportSchema.parse(report);
    if (this.up) return this.write(checked);
    if ((checked.type === 'stopped' || checked.type === 'failed') && this.queued.length < MAX_QUEUED) this.queued.push(checked);
  }

  close(): void {
    this.closed = true;
    this.stopTimers();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.socket?.close(1000);
    const socket = this.socket;
    if (socket) setTimeout(() => socket.terminate(), 2_000).unref();
  }

  private connect(): void {
    if (this.closed) return;
    const { options } = this;
    const socket = new WebSocket(socketUrl(options.serverUrl, HOST_LINK_PATH), {
      headers: { authorization: `Bearer ${options.token}` },
      maxPayload: HOST_LINK_MAX_MESSAGE_BYTES,
      perMessageDeflate: false,
      handshakeTimeout: 15_000,
    });
    this.socket = socket;
    let removed = false;
    socket.on('unexpected-response', (request, response) => {
      removed = response.statusCode === 401;
      options.log(removed ? 'the server refused this host\'s token (HTTP 401): the host has been removed from its team' : `the server answered the link with HTTP ${response.statusCode}; trying again`);
      request.destroy();
      response.resume();
      if (removed) {
        this.closed = true;
        options.onRemoved();
      } else this.retry();
    });
    socket.on('open', () => {
      this.retryMs = options.firstRetryMs ?? FIRST_RETRY_MS;
      this.sendLoad();
      for (const report of options.resume()) this.write(hostReportSchema.parse(report));
      for (const report of this.queued.splice(0)) this.write(report);
      this.loadTimer = setInterval(() => this.sendLoad(), options.loadEveryMs ?? LOAD_EVERY_MS);
      let answered = true;
      socket.on('pong', () => (answered = true));
      this.pingTimer = setInterval(() => {
        if (!answered) return socket.terminate();
        answered = false;
        socket.ping();
      }, PING_EVERY_MS);
      options.onUp();
    });
    socket.on('message', (data, isBinary) => {
      if (isBinary) return options.log('link: a binary frame, ignored (the link speaks JSON text)');
      let command: HostCommand;
      try {
        const parsed = hostCommandSchema.safeParse(JSON.parse(String(data)));
        if (!parsed.success) return options.log(`link: a message that is not a command, ignored: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
        command = parsed.data;
      } catch {
        return options.log('link: a frame that is not JSON, ignored');
      }
      options.onCommand(command);
    });
    socket.on('error', (error) => {
      if (!removed) options.log(`link: ${error.message}`);
    });
    socket.on('close', (code) => {
      this.stopTimers();
      if (this.socket !== socket || this.closed || removed) return;
      // 1009: a message over HOST_LINK_MAX_MESSAGE_BYTES; the link starts afresh like after any loss.
      options.log(`link closed (${code}); connecting again in ${this.retryMs / 1000} s`);
      this.retry();
    });
  }

  private retry(): void {
    if (this.closed || this.retryTimer) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, wait);
  }

  private sendLoad(): void {
    this.write(hostReportSchema.parse({ type: 'load', load: this.options.load() }));
  }

  private write(report: HostReport): void {
    this.socket?.send(JSON.stringify(report));
  }

  private stopTimers(): void {
    if (this.loadTimer) clearInterval(this.loadTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.loadTimer = null;
    this.pingTimer = null;
  }
}
