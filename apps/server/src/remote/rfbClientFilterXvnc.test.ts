import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rfb } from '../../test/support/rfbClientMessages.ts';
import { rfbClientFilter, type RfbClientFilter } from './rfbClientFilter.ts';

/*
 * The filter between a viewer and the Xvnc a host runs profiles on (TigerVNC, as on the hosts),
 * over its unix socket. Skipped where Xvnc is not installed (it is a system package, not an npm
 * one); the clipboard tests also need xclip, to read the X clipboard as a program on the host
 * would, and the keyboard test xev, to see the key events a window on the display is given.
 */
const hasXvnc = spawnSync('Xvnc', ['-version'], { stdio: 'ignore' }).error === undefined;
const hasXclip = spawnSync('xclip', ['-version'], { stdio: 'ignore' }).error === undefined;
const hasXev = spawnSync('xev', ['-version'], { stdio: 'ignore' }).error === undefined;

const qemuExtendedKeyEvent = -258;
const extendedClipboard = 0xc0a1e5ce | 0;

/** A display number no other X server on this machine holds (from 150 up, clear of desktops and CI). */
function freeDisplay(): number {
  for (let display = 150; display < 400; display++) {
    if (!existsSync(`/tmp/.X11-unix/X${display}`) && !existsSync(`/tmp/.X${display}-lock`)) return display;
  }
  throw new Error('no free X display number from 150 to 399');
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A bare RFB viewer on the Xvnc socket; its messages pass through `filter` when it has one. */
class Viewer {
  private received = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  private constructor(
    private readonly socket: Socket,
    private readonly filter: RfbClientFilter | null,
  ) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.waiting?.();
    });
  }

  static async connect(path: string, filter: RfbClientFilter | null): Promise<Viewer> {
    const socket = createConnection(path);
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return new Viewer(socket, filter);
  }

  send(bytes: Buffer): void {
    if (!this.filter) {
      this.socket.write(bytes);
      return;
    }
    const { forward, fault } = this.filter.push(bytes);
    if (fault) throw new Error(`filter fault ${fault.code}`);
    if (forward.length > 0) this.socket.write(forward);
  }

  async read(count: number): Promise<Buffer> {
    while (this.received.length < count) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out reading ${count} bytes`)), 10_000);
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    const bytes = this.received.subarray(0, count);
    this.received = this.received.subarray(count);
    return bytes;
  }

  /** RFB 3.8 with security None, as noVNC does it; the server's bits per pixel. */
  async handshake(): Promise<number> {
    expect((await this.read(12)).toString('latin1')).toBe('RFB 003.008\n');
    this.send(rfb.protocolVersion);
    const types = await this.read((await this.read(1))[0]!);
    expect([...types]).toContain(1);
    this.send(Buffer.from([1]));
    expect((await this.read(4)).readUInt32BE(0)).toBe(0);
    this.send(Buffer.from([0])); // not shared, as noVNC's default
    const serverInit = await this.read(24);
    await this.read(serverInit.readUInt32BE(20));
    return serverInit[4]!;
  }

  /** Reads server messages up to the next framebuffer update; the encodings of its rectangles. */
  async nextUpdate(bitsPerPixel: number): Promise<number[]> {
    for (;;) {
      const type = (await this.read(1))[0];
      if (type === 0) break;
      if (type === 2) continue; // Bell
      if (type === 3) {
        const header = await this.read(7); // ServerCutText
        await this.read(Math.abs(header.readInt32BE(3)));
        continue;
      }
      throw new Error(`unexpected server message ${type}`);
    }
    const rectangles = (await this.read(3)).readUInt16BE(1);
    const encodings: number[] = [];
    for (let at = 0; at < rectangles; at++) {
      const header = await this.read(12);
      const encoding = header.readInt32BE(8);
      encodings.push(encoding);
      if (encoding === 0) await this.read(header.readUInt16BE(4) * header.readUInt16BE(6) * (bitsPerPixel / 8));
      else if (encoding !== qemuExtendedKeyEvent) throw new Error(`unexpected encoding ${encoding}`);
    }
    return encodings;
  }

  close(): void {
    this.socket.destroy();
  }
}

describe.skipIf(!hasXvnc)('rfbClientFilter against TigerVNC Xvnc', () => {
  let xvnc: ChildProcess;
  let folder: string;
  let socketPath: string;
  let display: number;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'facet-rfb-'));
    socketPath = join(folder, 'vnc.sock');
    display = freeDisplay();
    const args = [`:${display}`, '-geometry', '800x600', '-depth', '24', '-SecurityTypes', 'None', '-rfbport', '-1', '-rfbunixpath', socketPath];
    xvnc = spawn('Xvnc', [...args, '-AlwaysShared', '-AcceptSetDesktopSize=0', '-nolisten', 'tcp'], { stdio: 'ignore' });
    await waitFor(() => existsSync(socketPath) && existsSync(`/tmp/.X11-unix/X${display}`), 'Xvnc to listen');
  });

  afterAll(() => {
    xvnc?.kill();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('keeps Xvnc from enabling QEMU extended key events, which it enables for a viewer that asks unfiltered', async () => {
    const encodingsOf = async (filter: RfbClientFilter | null) => {
      const viewer = await Viewer.connect(socketPath, filter);
      try {
        const bitsPerPixel = await viewer.handshake();
        viewer.send(rfb.setEncodings([0, qemuExtendedKeyEvent]));
        viewer.send(rfb.framebufferUpdateRequest(false, 0, 0, 1, 1));
        return await viewer.nextUpdate(bitsPerPixel);
      } finally {
        viewer.close();
      }
    };
    expect(await encodingsOf(null)).toContain(qemuExtendedKeyEvent);
    const filtered = await encodingsOf(rfbClientFilter({ controlling: () => true }));
    expect(filtered).toContain(0);
    expect(filtered).not.toContain(qemuExtendedKeyEvent);
  }, 30_000);

  it.skipIf(!hasXclip)('lets a controller’s clipboard reach X and keeps a watcher’s from it', async () => {
    const clipboard = () => spawnSync('xclip', ['-o', '-selection', 'clipboard'], { env: { ...process.env, DISPLAY: `:${display}` }, encoding: 'latin1', timeout: 5_000 }).stdout;
    let controlling = true;
    const viewer = await Viewer.connect(socketPath, rfbClientFilter({ controlling: () => controlling }));
    try {
      const bitsPerPixel = await viewer.handshake();
      viewer.send(rfb.setEncodings([0]));

      viewer.send(rfb.clientCutText(Buffer.from('from the controller', 'latin1')));
      await waitFor(() => clipboard() === 'from the controller', 'the controller’s text in the X clipboard');

      controlling = false;
      viewer.send(rfb.clientCutText(Buffer.from('from a watcher', 'latin1')));
      // Xvnc reads a connection's messages in order: once the update is back, the cut text before
      // it has been handled, had it been sent.
      viewer.send(rfb.framebufferUpdateRequest(false, 0, 0, 1, 1));
      await viewer.nextUpdate(bitsPerPixel);
      expect(clipboard()).toBe('from the controller');

      controlling = true;
      viewer.send(rfb.clientCutText(Buffer.from('control is back', 'latin1')));
      await waitFor(() => clipboard() === 'control is back', 'the text sent after control came back');
    } finally {
      viewer.close();
    }
  }, 30_000);

  it.skipIf(!hasXev)('types a controller’s own characters by keysym, none of a watcher’s', async () => {
    const xev = spawn('xev', ['-event', 'keyboard', '-event', 'structure', '-geometry', '800x600+0+0'], { env: { ...process.env, DISPLAY: `:${display}` } });
    let events = '';
    xev.stdout.on('data', (chunk: Buffer) => (events += chunk.toString('utf8')));
    let controlling = true;
    const viewer = await Viewer.connect(socketPath, rfbClientFilter({ controlling: () => controlling }));
    const type = (keysym: number) => {
      viewer.send(rfb.keyEvent(keysym, true));
      viewer.send(rfb.keyEvent(keysym, false));
    };
    try {
      await viewer.handshake();
      viewer.send(rfb.setEncodings([0, qemuExtendedKeyEvent]));
      await waitFor(() => events.includes('MapNotify'), 'the xev window');
      // No window manager: the key events go to the window under the pointer.
      viewer.send(rfb.pointerEvent(400, 300, 0));
      // ü and д are not on the host's US keymap: Xvnc binds each to a spare keycode as it comes
      // (both to the same one). xev reads the first press of a newly bound key with the keymap it
      // held before (NoSymbol), so each key is typed until xev names it.
      for (const [keysym, name] of [
        [0xfc, 'udiaeresis'],
        [0x6c4, 'Cyrillic_de'],
      ] as const) {
        const named = `keysym 0x${keysym.toString(16)}, ${name}`;
        await waitFor(() => {
          if (!events.includes(named)) type(keysym);
          return events.includes(named);
        }, `${name} in xev`);
      }
      controlling = false;
      type(0x61); // a
      controlling = true;
      type(0x7a); // z, last: once it is in, every key before it is too
      await waitFor(() => events.includes('keysym 0x7a,'), 'the last key in xev');
      expect(events).not.toContain('keysym 0x61,');
    } finally {
      viewer.close();
      xev.kill();
    }
  }, 30_000);

  it.skipIf(!hasXclip)('frames the extended clipboard’s negated lengths as Xvnc does', async () => {
    const clipboard = () => spawnSync('xclip', ['-o', '-selection', 'clipboard'], { env: { ...process.env, DISPLAY: `:${display}` }, encoding: 'utf8', timeout: 5_000 }).stdout;
    const viewer = await Viewer.connect(socketPath, rfbClientFilter({ controlling: () => true }));
    try {
      const bitsPerPixel = await viewer.handshake();
      viewer.send(rfb.setEncodings([0, extendedClipboard]));
      viewer.send(rfb.extendedClipboardNotify());
      // Provide (0x10 << 24) of text (format 1): zlib of a 4-byte length and the UTF-8 text with its NUL, as noVNC sends it.
      const text = Buffer.from('Grüße, привет\0', 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32BE(text.length);
      viewer.send(rfb.clientCutText(Buffer.concat([Buffer.from([0x10, 0, 0, 0x01]), deflateSync(Buffer.concat([length, text]))]), true));
      viewer.send(rfb.framebufferUpdateRequest(false, 0, 0, 1, 1));
      expect(await viewer.nextUpdate(bitsPerPixel)).toContain(0);
      await waitFor(() => clipboard() === 'Grüße, привет', 'the extended clipboard’s text in the X clipboard');
    } finally {
      viewer.close();
    }
  }, 30_000);
});
