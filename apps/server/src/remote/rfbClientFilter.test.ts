import { describe, expect, it } from 'vitest';
import { rfbClientFilter, rfbCutTextLimit, rfbLargestClientMessage, type RfbClientFilter, type RfbFault } from './rfbClientFilter.ts';
import { rfb } from '../../test/support/rfbClientMessages.ts';

/** Pushes the chunks in order; what reached the host and the fault, if any. */
function run(filter: RfbClientFilter, chunks: Buffer[]): { forward: Buffer; fault: RfbFault | null } {
  const forward: Buffer[] = [];
  let fault: RfbFault | null = null;
  for (const chunk of chunks) {
    const result = filter.push(chunk);
    forward.push(result.forward);
    fault = result.fault;
  }
  return { forward: Buffer.concat(forward), fault };
}

const controller = () => rfbClientFilter({ controlling: () => true });
const watcher = () => rfbClientFilter({ controlling: () => false });

/** The handshake as noVNC 1.7 answers TigerVNC: 3.8, security None, ClientInit not shared. */
const handshake = Buffer.concat([rfb.protocolVersion, Buffer.from([1]), Buffer.from([0])]);
/** What the host must see of it: the viewer made shared. */
const handshakeForwarded = Buffer.concat([rfb.protocolVersion, Buffer.from([1]), Buffer.from([1])]);

/**
 * noVNC 1.7's own SetEncodings at depth 24, quality 6, compression 2 (core/rfb.js _sendEncodings;
 * H.264, 50, follows CopyRect only where the browser decodes it).
 */
const noVncEncodings = [1, 7, -260, 16, 21, 5, 2, 6, 0, -32 + 6, -256 + 2, -223, -224, -258, -261, -308, -309, -312, -313, -307, 0xc0a1e5ce | 0, -316, 0x574d5664, -239];
const encodingsSent = noVncEncodings.filter((encoding) => encoding !== -258 && encoding !== -316);

/** One of each message noVNC sends, as it sends it after the handshake. */
const session = [
  rfb.setPixelFormat(),
  rfb.setEncodings(noVncEncodings),
  rfb.framebufferUpdateRequest(false, 0, 0, 800, 600),
  rfb.enableContinuousUpdates(true, 0, 0, 800, 600),
  rfb.clientFence(0x80000003, 'fence'),
  rfb.keyEvent(0x61, true),
  rfb.keyEvent(0x61, false),
  rfb.pointerEvent(100, 200, 1),
  rfb.pointerEvent(100, 200, 0),
  rfb.clientCutText(Buffer.from('hello', 'latin1')),
  rfb.extendedClipboardNotify(),
  rfb.setDesktopSize(1024, 768),
  rfb.qemuExtendedKeyEvent(0x61, true, 0x1e),
  rfb.xvp(1, 2),
  rfb.framebufferUpdateRequest(true, 0, 0, 800, 600),
];
const sessionBytes = Buffer.concat([handshake, ...session]);

const forControllerExpected = Buffer.concat([
  handshakeForwarded,
  rfb.setPixelFormat(),
  rfb.setEncodings(encodingsSent),
  ...session.slice(2, 13),
  // xvp dropped
  rfb.framebufferUpdateRequest(true, 0, 0, 800, 600),
]);
const forWatcherExpected = Buffer.concat([
  handshakeForwarded,
  rfb.setPixelFormat(),
  rfb.setEncodings(encodingsSent),
  rfb.framebufferUpdateRequest(false, 0, 0, 800, 600),
  rfb.enableContinuousUpdates(true, 0, 0, 800, 600),
  rfb.clientFence(0x80000003, 'fence'),
  rfb.framebufferUpdateRequest(true, 0, 0, 800, 600),
]);

describe('rfbClientFilter', () => {
  it('forwards a controller’s session whole, SetEncodings rewritten, the viewer made shared, xvp dropped', () => {
    expect(run(controller(), [sessionBytes])).toEqual({ forward: forControllerExpected, fault: null });
  });

  it('forwards of a watcher only what steers its own picture', () => {
    expect(run(watcher(), [sessionBytes])).toEqual({ forward: forWatcherExpected, fault: null });
  });

  it('forwards the same bytes however the stream is cut in two', () => {
    for (let at = 0; at <= sessionBytes.length; at++) {
      const chunks = [sessionBytes.subarray(0, at), sessionBytes.subarray(at)];
      expect(run(controller(), chunks), `cut at ${at}`).toEqual({ forward: forControllerExpected, fault: null });
      expect(run(watcher(), chunks), `cut at ${at}`).toEqual({ forward: forWatcherExpected, fault: null });
    }
  });

  it('forwards the same bytes when every byte comes alone, holding back only the message not yet whole', () => {
    const filter = controller();
    const forward: Buffer[] = [];
    let consumed = 0;
    for (const byte of sessionBytes) {
      const result = filter.push(Buffer.from([byte]));
      expect(result.fault).toBeNull();
      forward.push(result.forward);
      consumed++;
      // Whatever is held is a prefix of one message, so fewer bytes than the longest in this stream.
      expect(filter.buffered).toBeLessThan(Math.max(...session.map((message) => message.length)));
    }
    expect(consumed).toBe(sessionBytes.length);
    expect(filter.buffered).toBe(0);
    expect(Buffer.concat(forward)).toEqual(forControllerExpected);
  });

  it('forwards the same bytes cut in three at many places', () => {
    for (let first = 0; first <= sessionBytes.length; first += 7) {
      for (let second = first; second <= sessionBytes.length; second += 5) {
        const chunks = [sessionBytes.subarray(0, first), sessionBytes.subarray(first, second), sessionBytes.subarray(second)];
        expect(run(controller(), chunks).forward.equals(forControllerExpected), `cut at ${first}, ${second}`).toBe(true);
      }
    }
  });

  it('drops every kind of input of a watcher', () => {
    const filter = watcher();
    run(filter, [handshake]);
    for (const input of [
      rfb.keyEvent(0x61, true),
      rfb.pointerEvent(1, 2, 1),
      rfb.clientCutText(Buffer.from('secret')),
      rfb.extendedClipboardNotify(),
      rfb.qemuExtendedKeyEvent(0x61, true, 0x1e),
      rfb.setDesktopSize(640, 480),
      rfb.xvp(1, 2),
    ]) {
      expect(filter.push(input)).toEqual({ forward: Buffer.alloc(0), fault: null });
    }
  });

  it('applies a change of control from the next whole message', () => {
    let controlling = false;
    const filter = rfbClientFilter({ controlling: () => controlling });
    run(filter, [handshake]);
    const key = rfb.keyEvent(0x62, true);

    expect(filter.push(key).forward).toEqual(Buffer.alloc(0));
    controlling = true;
    expect(filter.push(key).forward).toEqual(key);

    // Half a key event while controlling, the rest after control is lost: judged when whole.
    expect(filter.push(key.subarray(0, 3)).forward).toEqual(Buffer.alloc(0));
    controlling = false;
    expect(filter.push(key.subarray(3)).forward).toEqual(Buffer.alloc(0));

    // Control flipped between two messages of one chunk is asked once per message.
    const answers = [true, false, true];
    const flipping = rfbClientFilter({ controlling: () => answers.shift() ?? false });
    run(flipping, [handshake]);
    const keys = [rfb.keyEvent(1, true), rfb.keyEvent(2, true), rfb.keyEvent(3, true)];
    expect(flipping.push(Buffer.concat(keys)).forward).toEqual(Buffer.concat([keys[0]!, keys[2]!]));
  });

  it('takes the QEMU extended key event out of SetEncodings and keeps the LED state', () => {
    const filter = watcher();
    run(filter, [handshake]);
    const { forward } = filter.push(rfb.setEncodings([0, -258, -261, -316, -312]));
    expect(forward).toEqual(rfb.setEncodings([0, -261, -312]));
    expect(forward.readUInt16BE(2)).toBe(3);
    expect(filter.push(rfb.setEncodings([0, 1])).forward).toEqual(rfb.setEncodings([0, 1]));
    expect(filter.push(rfb.setEncodings([-258])).forward).toEqual(rfb.setEncodings([]));
    expect(filter.push(rfb.setEncodings([])).forward).toEqual(rfb.setEncodings([]));
  });

  it('refuses any protocol version but 3.8', () => {
    for (const version of ['RFB 003.003\n', 'RFB 003.007\n', 'RFB 003.889\n', 'RFB 004.001\n']) {
      const { forward, fault } = run(controller(), [Buffer.from(version, 'latin1'), Buffer.from([1, 1])]);
      expect(fault, version).toEqual({ code: 'rfb_protocol_version' });
      expect(forward.includes(Buffer.from(version))).toBe(false);
    }
  });

  it('refuses garbage at its first byte', () => {
    expect(run(controller(), [Buffer.from('G')])).toEqual({ forward: Buffer.alloc(0), fault: { code: 'rfb_protocol_version' } });
    expect(run(controller(), [Buffer.from('GET / HTTP/1.1\r\n\r\n')]).fault).toEqual({ code: 'rfb_protocol_version' });
  });

  it('refuses any security type but None', () => {
    for (const type of [0, 2, 16, 19, 30]) {
      const { forward, fault } = run(controller(), [Buffer.concat([rfb.protocolVersion, Buffer.from([type, 1])])]);
      expect(fault).toEqual({ code: 'rfb_security_type' });
      expect(forward).toEqual(rfb.protocolVersion); // accepted before the fault
    }
  });

  it('refuses an unknown message type and a QEMU message other than the key event', () => {
    for (const type of [1, 7, 8, 9, 127, 149, 249, 252, 253, 254]) {
      expect(run(controller(), [handshake, Buffer.from([type, 0, 0, 0, 0, 0, 0, 0])]).fault).toEqual({ code: 'rfb_message_type', messageType: type });
    }
    expect(run(controller(), [handshake, Buffer.from([255, 1, 0, 0])]).fault).toEqual({ code: 'rfb_message_subtype', messageType: 255 });
  });

  it('forwards the messages before a fault, then nothing', () => {
    const filter = controller();
    const key = rfb.keyEvent(0x61, true);
    const { forward, fault } = run(filter, [Buffer.concat([handshake, key, Buffer.from([9]), key])]);
    expect(fault).toEqual({ code: 'rfb_message_type', messageType: 9 });
    expect(forward).toEqual(Buffer.concat([handshakeForwarded, key]));
    expect(filter.buffered).toBe(0);
    expect(filter.push(key)).toEqual({ forward: Buffer.alloc(0), fault: { code: 'rfb_message_type', messageType: 9 } });
  });

  it('refuses clipboard text over 256 KiB in either form, from its header', () => {
    const header = (length: number) => Buffer.concat([Buffer.from([6, 0, 0, 0]), (() => { const b = Buffer.alloc(4); b.writeInt32BE(length); return b; })()]);
    for (const length of [rfbCutTextLimit + 1, -(rfbCutTextLimit + 1), 0x7fffffff, -0x80000000]) {
      expect(run(controller(), [handshake, header(length)]).fault, String(length)).toEqual({ code: 'rfb_message_too_long', messageType: 6 });
    }
  });

  it('forwards clipboard text at the limit, holding no more than the longest legal message', () => {
    const text = Buffer.alloc(rfbCutTextLimit, 0x41);
    const message = rfb.clientCutText(text);
    expect(message.length).toBe(rfbLargestClientMessage);
    const filter = controller();
    run(filter, [handshake]);
    const forward: Buffer[] = [];
    for (let at = 0; at < message.length; at += 1000) {
      forward.push(filter.push(message.subarray(at, at + 1000)).forward);
      expect(filter.buffered).toBeLessThanOrEqual(rfbLargestClientMessage);
    }
    // Compared with equals(): a deep toEqual of 256 KiB takes seconds.
    expect(Buffer.concat(forward).equals(message)).toBe(true);
    expect(filter.buffered).toBe(0);

    const extended = rfb.clientCutText(text, true);
    const result = filter.push(extended);
    expect(result.fault).toBeNull();
    expect(result.forward.equals(extended)).toBe(true);
  });

  it('refuses more than 64 encodings and a fence payload over 64 bytes', () => {
    expect(run(controller(), [handshake, rfb.setEncodings(Array.from({ length: 64 }, (_, at) => at))]).fault).toBeNull();
    expect(run(controller(), [handshake, rfb.setEncodings(Array.from({ length: 65 }, (_, at) => at)).subarray(0, 4)]).fault).toEqual({
      code: 'rfb_message_too_long',
      messageType: 2,
    });
    expect(run(controller(), [handshake, rfb.clientFence(0, 'x'.repeat(64))]).fault).toBeNull();
    expect(run(controller(), [handshake, rfb.clientFence(0, 'x'.repeat(65)).subarray(0, 9)]).fault).toEqual({ code: 'rfb_message_too_long', messageType: 248 });
  });

  it('frames a SetDesktopSize by its screen count', () => {
    const twoScreens = rfb.setDesktopSize(1920, 1080, 2);
    expect(twoScreens.length).toBe(8 + 32);
    const key = rfb.keyEvent(0x61, true);
    expect(run(controller(), [handshake, twoScreens, key]).forward).toEqual(Buffer.concat([handshakeForwarded, twoScreens, key]));
    expect(run(watcher(), [handshake, twoScreens, rfb.framebufferUpdateRequest(true, 0, 0, 1, 1)]).forward).toEqual(
      Buffer.concat([handshakeForwarded, rfb.framebufferUpdateRequest(true, 0, 0, 1, 1)]),
    );
  });
});
