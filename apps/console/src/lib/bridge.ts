import {
  BridgeError,
  bridgePushSchema,
  bridgeReplySchema,
  bridgeRequests,
  type BridgeParameter,
  type BridgePush,
  type BridgeRequestType,
  type BridgeResult,
  type ClientBootstrap,
} from '@facet/contracts';

export class BridgeCallError extends Error {
  constructor(
    readonly error: number,
    readonly msg: string,
  ) {
    super(msg || `bridge error ${error}`);
  }
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/** The parameter of `K` as the request table has it; left out where `K` takes none. */
type ParameterOf<K extends BridgeRequestType> = undefined extends BridgeParameter<K> ? [parameter?: BridgeParameter<K>] : [parameter: BridgeParameter<K>];

/**
 * The console's end of the agent bridge: a WebSocket to 127.0.0.1 that starts with `hello`
 * and the secret the agent put in this page. Reconnects by itself when the agent restarts.
 */
export class BridgeClient {
  private socket: WebSocket | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private ready: Promise<void> | null = null;
  private closed = false;
  private isConnected = false;

  constructor(
    private readonly bootstrap: ClientBootstrap,
    private readonly onPush: (push: BridgePush) => void,
    private readonly onStatus: (connected: boolean) => void = () => undefined,
    private readonly getLanguage: () => number = () => 0,
  ) {}

  connect(): Promise<void> {
    this.ready ??= new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(this.bootstrap.bridgeUrl);
      this.socket = socket;
      socket.onopen = () => {
        this.send('hello', { secret: this.bootstrap.secret, lang: this.getLanguage() }).then(
          () => {
            this.isConnected = true;
            this.onStatus(true);
            resolve();
          },
          (error: Error) => reject(error),
        );
      };
      socket.onmessage = (event) => this.receive(String(event.data));
      socket.onclose = () => {
        this.isConnected = false;
        this.onStatus(false);
        for (const pending of this.pending.values()) pending.reject(new BridgeCallError(BridgeError.FAILED, 'bridge closed'));
        this.pending.clear();
        this.ready = null;
        reject(new BridgeCallError(BridgeError.FAILED, 'bridge closed'));
        if (!this.closed) setTimeout(() => void this.connect().catch(() => undefined), 2000);
      };
    });
    return this.ready;
  }

  /**
   * One request of the bridge request table (packages/contracts bridge/requests.ts): typed by it,
   * and its answer parsed by it on arrival (an answer outside it rejects with the parse error).
   */
  async request<K extends BridgeRequestType>(type: K, ...[parameter]: ParameterOf<K>): Promise<BridgeResult<K>> {
    await this.connect();
    return this.send(type, parameter);
  }

  get connected(): boolean {
    return this.isConnected;
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
  }

  private send<K extends BridgeRequestType>(type: K, parameter: BridgeParameter<K> | undefined): Promise<BridgeResult<K>> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const answered = (value: unknown) => {
        const result = bridgeRequests[type].result.safeParse(value);
        if (result.success) resolve(result.data as BridgeResult<K>);
        else reject(result.error);
      };
      this.pending.set(id, { resolve: answered, reject });
      this.socket?.send(JSON.stringify({ id, type, parameter }));
    });
  }

  private receive(text: string): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    const push = bridgePushSchema.safeParse(message);
    if (push.success) return this.onPush(push.data);
    const reply = bridgeReplySchema.safeParse(message);
    if (!reply.success) return;
    const pending = this.pending.get(reply.data.id);
    if (!pending) return;
    this.pending.delete(reply.data.id);
    if (reply.data.error === BridgeError.OK) pending.resolve(reply.data.value);
    else pending.reject(new BridgeCallError(reply.data.error, reply.data.msg));
  }
}
