import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

export type UploadSource = AsyncIterable<Buffer | Uint8Array> | Readable;

export type BoundedUpload =
  | { kind: 'complete'; bytes: Buffer; sha256: string }
  /** More than `maxBytes` arrived; `receivedBytes` counts what was read before stopping. */
  | { kind: 'over-limit'; receivedBytes: number }
  /** `checkHead` said no once the first bytes were in; nothing more was read. */
  | { kind: 'rejected-head'; head: Buffer };

export interface BoundedUploadOptions {
  maxBytes: number;
  /** How many leading bytes `checkHead` wants (it gets fewer if the upload is shorter). */
  headBytes: number;
  /** Looks at the first bytes; answering false stops the read at once. */
  checkHead: (head: Buffer) => boolean;
}

/**
 * Read an upload into memory while counting and hashing it. Memory never exceeds the limit plus
 * one chunk: the moment the count passes the limit we stop pulling, and leaving the for-await
 * early calls the iterator's return(), which destroys a Readable so its producer stops too.
 * The head check lets a `.crx` or a text file named `.zip` be refused after a few bytes.
 */
export async function readBoundedUpload(source: UploadSource, options: BoundedUploadOptions): Promise<BoundedUpload> {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let received = 0;
  let headChecked = false;
  for await (const piece of source as AsyncIterable<Buffer | Uint8Array | string>) {
    // A Readable in object or string mode would hand us other things; only bytes count.
    if (typeof piece === 'string') throw new TypeError('upload stream must yield bytes, not strings');
    const chunk = Buffer.isBuffer(piece) ? piece : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    received += chunk.length;
    if (received > options.maxBytes) return { kind: 'over-limit', receivedBytes: received };
    hash.update(chunk);
    chunks.push(chunk);
    if (!headChecked && received >= options.headBytes) {
      headChecked = true;
      const head = Buffer.concat(chunks, options.headBytes); // copies only the head
      if (!options.checkHead(head)) return { kind: 'rejected-head', head };
    }
  }
  const bytes = Buffer.concat(chunks, received);
  if (!headChecked) {
    const head = bytes.subarray(0, options.headBytes);
    if (!options.checkHead(head)) return { kind: 'rejected-head', head };
  }
  return { kind: 'complete', bytes, sha256: hash.digest('hex') };
}
