import {
  realtimeEvents,
  realtimeProgressEvent,
  realtimeProgressSchema,
  realtimePushSchema,
  type RealtimeProgress,
  type RealtimePush,
} from '@facet/contracts';
import { io, type Socket } from 'socket.io-client';

export interface PushChannelOptions {
  /** socket.io origin; empty for the page's own origin. */
  pushHost: string;
  getAuth: () => string | null | undefined;
  /**
   * A cookie session (contracts/sessionCookie.ts): `getAuth` answers PUSH_LOGIN_BY_COOKIE and
   * the server reads the cookie the handshake carried, so a renewed session logs in again over
   * a new handshake, which carries the new cookie.
   */
  loginByCookie?: boolean;
  getLanguage: () => number;
  onPush: (push: RealtimePush) => void;
  onConnectionChange?: (connected: boolean) => void;
  /** Progress of a long call the account made (batch create), matched by its requestId. */
  onProgress?: (progress: RealtimeProgress) => void;
}

/**
 * The realtime channel of spec §4: connect, emit `login` with the session token, receive
 * `message` pushes (887 forced logout, 888/889 payment results) and `progress` of long calls.
 */
export class PushChannel {
  private readonly socket: Socket;

  constructor(private readonly options: PushChannelOptions) {
    this.socket = io(options.pushHost || undefined, { path: '/socket.io', transports: ['websocket'], autoConnect: false });
    this.socket.on('connect', () => {
      options.onConnectionChange?.(true);
      void this.login();
    });
    this.socket.on('disconnect', () => options.onConnectionChange?.(false));
    this.socket.on(realtimeEvents.message, (raw: unknown) => {
      const parsed = realtimePushSchema.safeParse(raw);
      if (parsed.success) options.onPush(parsed.data);
    });
    this.socket.on(realtimeProgressEvent, (raw: unknown) => {
      const parsed = realtimeProgressSchema.safeParse(raw);
      if (parsed.success) options.onProgress?.(parsed.data);
    });
  }

  open(): void {
    if (!this.socket.connected) this.socket.connect();
  }

  /** Log the channel in (again), e.g. after a silent re-login gave a new token. */
  login(): Promise<number> {
    const auth = this.options.getAuth();
    if (!auth || !this.socket.connected) return Promise.resolve(-1);
    return this.socket
      .timeout(5000)
      .emitWithAck(realtimeEvents.login, { auth, lang: this.options.getLanguage() })
      .then((ack: { code?: number }) => (typeof ack?.code === 'number' ? ack.code : -1))
      .catch(() => -1);
  }

  /** After a silent re-login: the channel logs in with the new session. */
  renew(): void {
    if (!this.options.loginByCookie) {
      void this.login();
      return;
    }
    if (!this.socket.connected) return;
    // The connect handler logs in again.
    this.socket.disconnect();
    this.socket.connect();
  }

  close(): void {
    this.socket.disconnect();
  }

  get connected(): boolean {
    return this.socket.connected;
  }
}
