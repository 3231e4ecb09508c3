/**
 * The viewer→host half of a remote view: what a noVNC viewer sends to the host's Xvnc, read
 * message by message (RFB 3.8, rfbproto) before it is passed on. Pure: bytes in, bytes out, no
 * sockets; the relay joins the two WebSockets and closes both on a fault.
 *
 * It keeps a watcher's input from the host, keeps every viewer shared, and removes the encodings
 * that would change how later client messages are framed or how keys reach X (see
 * `removedEncodings`). What it cannot frame it refuses: once the byte count of one message is in
 * doubt, every message after it is too.
 */

/** Why a viewer's stream was refused. */
export type RfbFaultCode =
  /** the ProtocolVersion is not `RFB 003.008\n`, the one noVNC answers TigerVNC's 3.8 with */
  | 'rfb_protocol_version'
  /** the security type chosen is not None (1), the only one the host's Xvnc offers */
  | 'rfb_security_type'
  /** a client message type this filter does not know */
  | 'rfb_message_type'
  /** a QEMU client message other than the extended key event (subtype 0) */
  | 'rfb_message_subtype'
  /** more clipboard bytes, encodings or fence payload than the limits below */
  | 'rfb_message_too_long';

export interface RfbFault {
  code: RfbFaultCode;
  /** the client message type at fault, once the handshake is over */
  messageType?: number;
}

export interface RfbClientFilterOptions {
  /** Whether this viewer controls the profile now; asked once per input message, so a change applies from the next one. */
  controlling: () => boolean;
}

export interface RfbFilterResult {
  /** Bytes to pass to the host: whole messages only, in order; before a fault, those accepted before it. */
  forward: Buffer;
  /** Set once the stream cannot be passed on; every later push returns it again and forwards nothing. */
  fault: RfbFault | null;
}

export interface RfbClientFilter {
  push(chunk: Buffer): RfbFilterResult;
  /** Bytes held back as the start of a message not yet whole; never more than `rfbLargestClientMessage`. */
  readonly buffered: number;
}

/** Clipboard text of one ClientCutText, either form (Latin-1, or TigerVNC's extended clipboard). */
export const rfbCutTextLimit = 256 * 1024;
/** noVNC 1.7 asks for about 25; a list far longer is not a viewer. */
export const rfbEncodingLimit = 64;
/** rfbproto: a fence payload is at most 64 bytes. */
const fenceLimit = 64;
/** The longest client message the filter ever holds whole: a ClientCutText at its limit. */
export const rfbLargestClientMessage = 8 + rfbCutTextLimit;

const protocolVersion = Buffer.from('RFB 003.008\n', 'latin1');
const securityNone = 1;

const messageType = {
  setPixelFormat: 0,
  setEncodings: 2,
  framebufferUpdateRequest: 3,
  keyEvent: 4,
  pointerEvent: 5,
  clientCutText: 6,
  enableContinuousUpdates: 150,
  clientFence: 248,
  xvp: 250,
  setDesktopSize: 251,
  qemu: 255,
} as const;

/**
 * Pseudo-encodings taken out of every SetEncodings.
 * - QEMU Extended Key Event (-258): once the server confirms it, noVNC sends scancodes, which
 *   Xvnc maps through the host's layout, not the viewer's; without it noVNC sends keysyms, the
 *   characters the viewer typed, whatever their keyboard.
 * - Extended Mouse Buttons (-316): once the server confirms it, noVNC may send a 7-byte
 *   PointerEvent (marker bit 0x80). The filter sees only the client's side and cannot know
 *   whether a server confirmed it, so it keeps the server from ever doing so and a PointerEvent
 *   stays 6 bytes.
 * QEMU LED State (-261) stays: it only tells the viewer the lock keys' state.
 */
const removedEncodings = new Set([-258, -316]);

/** Messages that only steer the sender's own picture; anything else is input and needs control. */
const watcherMessages = new Set<number>([
  messageType.setPixelFormat,
  messageType.setEncodings,
  messageType.framebufferUpdateRequest,
  messageType.enableContinuousUpdates,
  messageType.clientFence,
]);

type Phase = 'protocolVersion' | 'securityType' | 'clientInit' | 'messages';

/** The length of the message at the head of the stream, or 'more' while its header is not all in. */
type Framing = number | 'more' | RfbFault;

/** `head` holds the first bytes buffered (up to 9, the longest header read here), at least one. */
function frameMessage(head: Buffer): Framing {
  const type = head[0] as number;
  switch (type) {
    case messageType.setPixelFormat:
      return 20;
    case messageType.setEncodings: {
      if (head.length < 4) return 'more';
      const count = head.readUInt16BE(2);
      if (count > rfbEncodingLimit) return { code: 'rfb_message_too_long', messageType: type };
      return 4 + 4 * count;
    }
    case messageType.framebufferUpdateRequest:
      return 10;
    case messageType.keyEvent:
      return 8;
    case messageType.pointerEvent:
      return 6;
    case messageType.clientCutText: {
      if (head.length < 8) return 'more';
      // TigerVNC's extended clipboard sends the length negated: |length| bytes follow either way.
      const length = Math.abs(head.readInt32BE(4));
      if (length > rfbCutTextLimit) return { code: 'rfb_message_too_long', messageType: type };
      return 8 + length;
    }
    case messageType.enableContinuousUpdates:
      return 10;
    case messageType.clientFence: {
      if (head.length < 9) return 'more';
      const length = head[8] as number;
      if (length > fenceLimit) return { code: 'rfb_message_too_long', messageType: type };
      return 9 + length;
    }
    case messageType.xvp:
      return 4;
    case messageType.setDesktopSize:
      if (head.length < 7) return 'more';
      return 8 + 16 * (head[6] as number);
    case messageType.qemu:
      if (head.length < 2) return 'more';
      return head[1] === 0 ? 12 : { code: 'rfb_message_subtype', messageType: type };
    default:
      return { code: 'rfb_message_type', messageType: type };
  }
}

/** A SetEncodings without the removed pseudo-encodings, its count set to what is left. */
function rewriteSetEncodings(message: Buffer): Buffer {
  const count = message.readUInt16BE(2);
  const kept: number[] = [];
  for (let at = 0; at < count; at++) {
    const encoding = message.readInt32BE(4 + 4 * at);
    if (!removedEncodings.has(encoding)) kept.push(encoding);
  }
  if (kept.length === count) return message;
  const rewritten = Buffer.alloc(4 + 4 * kept.length);
  rewritten[0] = messageType.setEncodings;
  rewritten.writeUInt16BE(kept.length, 2);
  kept.forEach((encoding, at) => rewritten.writeInt32BE(encoding, 4 + 4 * at));
  return rewritten;
}

/** Chunks as they came, read from the front without copying more than a message at a time. */
class ByteQueue {
  private chunks: Buffer[] = [];
  length = 0;

  append(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  clear(): void {
    this.chunks = [];
    this.length = 0;
  }

  /** The first `count` bytes (fewer if fewer are held), left in place. */
  peek(count: number): Buffer {
    const first = this.chunks[0];
    if (!first) return Buffer.alloc(0);
    if (first.length >= count) return first.subarray(0, count);
    const parts: Buffer[] = [];
    let gathered = 0;
    for (const chunk of this.chunks) {
      if (gathered >= count) break;
      parts.push(chunk.subarray(0, count - gathered));
      gathered += parts[parts.length - 1]!.length;
    }
    return Buffer.concat(parts, gathered);
  }

  /** Removes and returns the first `count` bytes; the caller has checked that they are held. */
  take(count: number): Buffer {
    const parts: Buffer[] = [];
    let gathered = 0;
    while (gathered < count) {
      const chunk = this.chunks[0]!;
      const wanted = count - gathered;
      if (chunk.length <= wanted) {
        parts.push(chunk);
        this.chunks.shift();
        gathered += chunk.length;
      } else {
        parts.push(chunk.subarray(0, wanted));
        this.chunks[0] = chunk.subarray(wanted);
        gathered += wanted;
      }
    }
    this.length -= count;
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts, count);
  }
}

/** A filter for one viewer's stream, from its first byte (the ProtocolVersion) on. */
export function rfbClientFilter(options: RfbClientFilterOptions): RfbClientFilter {
  const queue = new ByteQueue();
  let phase: Phase = 'protocolVersion';
  let fault: RfbFault | null = null;

  /** The next whole client message made ready to forward (or nothing), 'more' to wait, or a fault. */
  function nextMessage(): Buffer | null | 'more' | RfbFault {
    const framing = frameMessage(queue.peek(9));
    if (framing === 'more' || typeof framing === 'object') return framing;
    if (queue.length < framing) return 'more';
    const message = queue.take(framing);
    const type = message[0] as number;
    if (type === messageType.xvp) return null; // shutdown or reboot of the host: never a viewer's to ask
    if (!watcherMessages.has(type) && !options.controlling()) return null;
    return type === messageType.setEncodings ? rewriteSetEncodings(message) : message;
  }

  /** One step of the handshake or one message; false when it must wait for more bytes. */
  function step(forward: Buffer[]): boolean {
    switch (phase) {
      case 'protocolVersion': {
        // Compared as the bytes come, so garbage is refused at once rather than after 12 bytes.
        const head = queue.peek(protocolVersion.length);
        if (!head.equals(protocolVersion.subarray(0, head.length))) {
          fault = { code: 'rfb_protocol_version' };
          return false;
        }
        if (head.length < protocolVersion.length) return false;
        forward.push(queue.take(protocolVersion.length));
        phase = 'securityType';
        return true;
      }
      case 'securityType':
        if (queue.take(1)[0] !== securityNone) {
          fault = { code: 'rfb_security_type' };
          return false;
        }
        forward.push(Buffer.from([securityNone]));
        phase = 'clientInit';
        return true;
      case 'clientInit':
        queue.take(1);
        // Shared, whatever the viewer asked: an exclusive viewer would make Xvnc drop every other one.
        forward.push(Buffer.from([1]));
        phase = 'messages';
        return true;
      case 'messages': {
        const next = nextMessage();
        if (next === 'more') return false;
        if (next === null) return true;
        if (!Buffer.isBuffer(next)) {
          fault = next;
          return false;
        }
        forward.push(next);
        return true;
      }
    }
  }

  return {
    push(chunk) {
      if (fault) return { forward: Buffer.alloc(0), fault };
      queue.append(chunk);
      const forward: Buffer[] = [];
      let going = true;
      while (going && queue.length > 0) going = step(forward);
      if (fault) queue.clear(); // nothing after a fault is ever read
      return { forward: Buffer.concat(forward), fault };
    },
    get buffered() {
      return queue.length;
    },
  };
}
