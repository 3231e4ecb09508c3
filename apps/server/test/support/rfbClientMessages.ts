/**
 * RFB client messages byte for byte as noVNC 1.7 writes them (core/rfb.js, `RFB.messages`), for
 * tests of what a viewer sends. Built from the spec here rather than taken from noVNC, which is a
 * browser module.
 */

function message(size: number, write: (bytes: Buffer) => void): Buffer {
  const bytes = Buffer.alloc(size);
  write(bytes);
  return bytes;
}

export const rfb = {
  protocolVersion: Buffer.from('RFB 003.008\n', 'latin1'),

  /** noVNC's 24-bit true colour: 32 bpp, depth 24, little-endian, 255 per channel, shifts 0/8/16. */
  setPixelFormat: () =>
    message(20, (b) => {
      b[0] = 0;
      b.set([32, 24, 0, 1], 4);
      b.writeUInt16BE(255, 8);
      b.writeUInt16BE(255, 10);
      b.writeUInt16BE(255, 12);
      b.set([0, 8, 16], 14);
    }),

  setEncodings: (encodings: number[]) =>
    message(4 + 4 * encodings.length, (b) => {
      b[0] = 2;
      b.writeUInt16BE(encodings.length, 2);
      encodings.forEach((encoding, at) => b.writeInt32BE(encoding, 4 + 4 * at));
    }),

  framebufferUpdateRequest: (incremental: boolean, x: number, y: number, width: number, height: number) =>
    message(10, (b) => {
      b[0] = 3;
      b[1] = incremental ? 1 : 0;
      b.writeUInt16BE(x, 2);
      b.writeUInt16BE(y, 4);
      b.writeUInt16BE(width, 6);
      b.writeUInt16BE(height, 8);
    }),

  keyEvent: (keysym: number, down: boolean) =>
    message(8, (b) => {
      b[0] = 4;
      b[1] = down ? 1 : 0;
      b.writeUInt32BE(keysym, 4);
    }),

  pointerEvent: (x: number, y: number, mask: number) =>
    message(6, (b) => {
      b[0] = 5;
      b[1] = mask & 0x7f;
      b.writeUInt16BE(x, 2);
      b.writeUInt16BE(y, 4);
    }),

  /** Latin-1 text, or (extended) TigerVNC's extended clipboard payload with the length negated. */
  clientCutText: (data: Buffer, extended = false) =>
    message(8 + data.length, (b) => {
      b[0] = 6;
      b.writeInt32BE(extended ? -data.length : data.length, 4);
      b.set(data, 8);
    }),

  /** The extended clipboard's Notify of text (action 0x08 << 24, format 1), as noVNC sends on a copy. */
  extendedClipboardNotify: () => rfb.clientCutText(Buffer.from([0x08, 0, 0, 0x01]), true),

  enableContinuousUpdates: (enable: boolean, x: number, y: number, width: number, height: number) =>
    message(10, (b) => {
      b[0] = 150;
      b[1] = enable ? 1 : 0;
      b.writeUInt16BE(x, 2);
      b.writeUInt16BE(y, 4);
      b.writeUInt16BE(width, 6);
      b.writeUInt16BE(height, 8);
    }),

  clientFence: (flags: number, payload: string) =>
    message(9 + payload.length, (b) => {
      b[0] = 248;
      b.writeUInt32BE(flags >>> 0, 4);
      b[8] = payload.length;
      b.write(payload, 9, 'latin1');
    }),

  xvp: (version: number, operation: number) => Buffer.from([250, 0, version, operation]),

  /** noVNC sends one screen; `screens` repeats it to test the framing by count. */
  setDesktopSize: (width: number, height: number, screens = 1) =>
    message(8 + 16 * screens, (b) => {
      b[0] = 251;
      b.writeUInt16BE(width, 2);
      b.writeUInt16BE(height, 4);
      b[6] = screens;
      for (let at = 0; at < screens; at++) {
        const screen = 8 + 16 * at;
        b.writeUInt32BE(at, screen);
        b.writeUInt16BE(width, screen + 8);
        b.writeUInt16BE(height, screen + 10);
      }
    }),

  qemuExtendedKeyEvent: (keysym: number, down: boolean, keycode: number) =>
    message(12, (b) => {
      b[0] = 255;
      b[1] = 0;
      b.writeUInt16BE(down ? 1 : 0, 2);
      b.writeUInt32BE(keysym, 4);
      b.writeUInt32BE(keycode, 8);
    }),
};
