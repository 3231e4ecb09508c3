import net from 'node:net';
import WebSocket from 'ws';

/** A rectangle a FramebufferUpdate carried: where pixels changed. */
export interface ChangedRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

const ENCODING = { raw: 0, copyRect: 1, zrle: 16, desktopSize: -223, lastRect: -224 } as const;

/**
 * A viewer as the bench needs one: RFB 3.8 with no security (the host's Xvnc, directly on its
 * socket or through the server's ticketed stream), 32-bit pixels, ZRLE as TigerVNC serves it to
 * noVNC's lighter settings, asking for the next update as soon as one arrives (as noVNC does).
 * It does not decode pixels: ZRLE rectangles carry their length, so an update's rectangles
 * (where the screen changed) and its bytes are all a measurement needs.
 */
export class RfbViewer {
  bytes = 0;
  updates = 0;
  width = 0;
  height = 0;
  private buffer: Buffer = Buffer.alloc(0);
  private wake: (() => void) | null = null;
  private closed = false;
  private readonly listeners: ((rects: ChangedRect[], at: number) => void)[] = [];
  private readonly write: (data: Buffer) => void;

  private constructor(
    write: (data: Buffer) => void,
    readonly close: () => void,
  ) {
    this.write = write;
  }

  /** Through the server: the ticket's WebSocket, as a console page opens it. */
  static async overWebSocket(url: string): Promise<RfbViewer> {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const viewer = new RfbViewer((data) => ws.send(data), () => ws.close());
    ws.on('message', (data) => viewer.received(data as Buffer));
    ws.on('close', () => viewer.ended());
    await viewer.start();
    return viewer;
  }

  /** Directly on the display's socket: the baseline without the server between. */
  static async overSocket(socketPath: string): Promise<RfbViewer> {
    const socket = net.connect(socketPath);
    await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const viewer = new RfbViewer((data) => socket.write(data), () => socket.destroy());
    socket.on('data', (data) => viewer.received(data));
    socket.on('close', () => viewer.ended());
    await viewer.start();
    return viewer;
  }

  /** Calls `listener` with each update's rectangles and the time it was whole. */
  onUpdate(listener: (rects: ChangedRect[], at: number) => void): () => void {
    this.listeners.push(listener);
    return () => this.listeners.splice(this.listeners.indexOf(listener), 1);
  }

  /** A key pressed and released, by X keysym (as noVNC sends a typed character). */
  key(keysym: number): void {
    for (const down of [1, 0]) {
      const message = Buffer.alloc(8);
      message[0] = 4;
      message[1] = down;
      message.writeUInt32BE(keysym, 4);
      this.write(message);
    }
  }

  private received(data: Buffer): void {
    this.bytes += data.length;
    this.buffer = this.buffer.length === 0 ? data : Buffer.concat([this.buffer, data]);
    this.wake?.();
  }

  private ended(): void {
    this.closed = true;
    this.wake?.();
  }

  private async read(bytes: number): Promise<Buffer> {
    while (this.buffer.length < bytes) {
      if (this.closed) throw new Error('the stream closed');
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
    const out = this.buffer.subarray(0, bytes);
    this.buffer = this.buffer.subarray(bytes);
    return out;
  }

  private async start(): Promise<void> {
    if ((await this.read(12)).toString() !== 'RFB 003.008\n') throw new Error('not RFB 3.8');
    this.write(Buffer.from('RFB 003.008\n'));
    const types = await this.read((await this.read(1))[0]!);
    if (!types.includes(1)) throw new Error('the display asks for security');
    this.write(Buffer.from([1]));
    if ((await this.read(4)).readUInt32BE(0) !== 0) throw new Error('security refused');
    this.write(Buffer.from([1]));
    const init = await this.read(24);
    this.width = init.readUInt16BE(0);
    this.height = init.readUInt16BE(2);
    await this.read(init.readUInt32BE(20));
    // 32 bits per pixel, depth 24, little-endian, true colour, RGB at 16/8/0.
    const format = Buffer.from([0, 0, 0, 0, 32, 24, 0, 1, 0, 255, 0, 255, 0, 255, 16, 8, 0, 0, 0, 0]);
    const encodings = [ENCODING.zrle, ENCODING.copyRect, ENCODING.desktopSize, ENCODING.lastRect];
    const setEncodings = Buffer.alloc(4 + 4 * encodings.length);
    setEncodings[0] = 2;
    setEncodings.writeUInt16BE(encodings.length, 2);
    encodings.forEach((e, i) => setEncodings.writeInt32BE(e, 4 + 4 * i));
    this.write(Buffer.concat([format, setEncodings]));
    this.request(false);
    void this.loop().catch(() => {});
  }

  private request(incremental: boolean): void {
    const message = Buffer.alloc(10);
    message[0] = 3;
    message[1] = incremental ? 1 : 0;
    message.writeUInt16BE(this.width, 6);
    message.writeUInt16BE(this.height, 8);
    this.write(message);
  }

  private async loop(): Promise<void> {
    for (;;) {
      const type = (await this.read(1))[0]!;
      if (type === 0) {
        const count = (await this.read(3)).readUInt16BE(1);
        const rects: ChangedRect[] = [];
        for (let i = 0; i < count; i++) {
          const header = await this.read(12);
          const rect = { x: header.readUInt16BE(0), y: header.readUInt16BE(2), w: header.readUInt16BE(4), h: header.readUInt16BE(6) };
          const encoding = header.readInt32BE(8);
          if (encoding === ENCODING.lastRect) break;
          if (encoding === ENCODING.zrle) await this.read((await this.read(4)).readUInt32BE(0));
          else if (encoding === ENCODING.copyRect) await this.read(4);
          else if (encoding === ENCODING.raw) await this.read(rect.w * rect.h * 4);
          else if (encoding === ENCODING.desktopSize) {
            this.width = rect.w;
            this.height = rect.h;
            continue;
          } else throw new Error(`unexpected encoding ${encoding}`);
          rects.push(rect);
        }
        this.updates += 1;
        const at = performance.now();
        for (const listener of [...this.listeners]) listener(rects, at);
        this.request(true);
      } else if (type === 2) {
        // Bell: nothing follows.
      } else if (type === 3) {
        await this.read(3);
        await this.read(Math.abs((await this.read(4)).readInt32BE(0)));
      } else if (type === 1) {
        const header = await this.read(5);
        await this.read(header.readUInt16BE(3) * 6);
      } else if (type === 248) {
        await this.read(3 + 4);
        await this.read((await this.read(1))[0]!);
      } else if (type === 150) {
        // EndOfContinuousUpdates
      } else throw new Error(`unexpected server message ${type}`);
    }
  }
}
