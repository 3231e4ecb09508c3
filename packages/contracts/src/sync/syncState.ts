import { z } from 'zod';
import { syncVersionRefusalSchema } from './syncRefusal.ts';

/**
 * Profile state sync (issue 15): what travels between machines besides the cookies (which keep
 * their own sealed field and the cookie save at stop). The agent packs a profile's folder into
 * content-addressed chunks and a manifest, seals each before it leaves the machine, and the server
 * stores them without being able to read them; any machine that may open the profile downloads
 * the newest version before Chromium starts.
 */

/**
 * The parts of a profile's state, each named by one of the profile's sync options (spec §3):
 * `site` is the cookies option's site storage (local storage, IndexedDB and the like).
 */
export const syncParts = ['site', 'tabs', 'bookmarks', 'history', 'passwords', 'extensions'] as const;
export type SyncPart = (typeof syncParts)[number];

export const syncLimits = {
  /** Plain bytes per chunk: files are cut at this size, so a change re-sends about this much. */
  chunkBytes: 1024 * 1024,
  /** A sealed chunk may grow a little over its plain size (incompressible data, header, tag). */
  maxSealedChunkBytes: 1024 * 1024 + 4096,
  /** One profile's state, all parts together (plain bytes); more is refused with a clear reason. */
  maxProfileBytes: 2 * 1024 * 1024 * 1024,
  maxFiles: 20_000,
  /** Bytes of one upload or download request (several chunks framed together). */
  maxRequestBytes: 32 * 1024 * 1024,
  /** Chunks one download request may name. */
  maxChunksPerRequest: 512,
  /** Chunks one `missing` question or one commit may name. */
  maxChunksPerVersion: 60_000,
  /** Versions a profile keeps; older ones (and the chunks only they used) are removed. */
  keptVersions: 10,
} as const;

/** A chunk's name: HMAC-SHA256 of its plain bytes under the profile's sync key, in hex. */
export const chunkIdField = z.string().regex(/^[0-9a-f]{64}$/, { message: 'validation.invalid' });

/**
 * A manifest path: relative, forward slashes, no empty, `.` or `..` segment, no drive letter or
 * backslash, printable; the agent also checks it lies under one of its part's folders.
 */
export const syncPathField = z
  .string()
  .min(1)
  .max(512)
  .refine((p) => !p.startsWith('/') && !p.includes('\\') && !/^[A-Za-z]:/.test(p) && ![...p].some((c) => c.charCodeAt(0) < 0x20) && p.split('/').every((s) => s !== '' && s !== '.' && s !== '..'), {
    message: 'validation.invalid',
  });

/** The manifest of one version, sealed as a chunk of its own: which file is made of which chunks. */
export const syncManifestSchema = z.object({
  format: z.literal(1),
  profileId: z.string().min(1).max(64),
  /** The parts this version carries; a part it does not name is left as it is on the machine that applies it. */
  parts: z.array(z.enum(syncParts)).max(syncParts.length),
  createdAt: z.number().int(),
  files: z
    .array(
      z.object({
        path: syncPathField,
        part: z.enum(syncParts),
        size: z.number().int().nonnegative(),
        /** Modification time in ms, given back to the file when it is written. */
        mtimeMs: z.number().int().nonnegative(),
        chunks: z.array(chunkIdField),
      }),
    )
    .max(syncLimits.maxFiles),
  /** URLs of the tabs open at the snapshot, in window order (the `tabs` part). */
  tabs: z.array(z.string().max(8192)).max(500).default([]),
});
export type SyncManifest = z.output<typeof syncManifestSchema>;

/** One stored version of a profile's state, as the server lists it. */
export const syncVersionSchema = z.object({
  id: z.string(),
  /** 1, 2, 3… per profile. */
  number: z.number().int().positive(),
  createdAt: z.number().int(),
  /** The computer that uploaded it (its name as its agent gave it). */
  device: z.string(),
  /** Who was signed in there. */
  by: z.string(),
  parts: z.array(z.enum(syncParts)),
  /** The profile's state in plain bytes; what the store holds is compressed. */
  plainBytes: z.number().int().nonnegative(),
  /** The sealed chunk holding the manifest. */
  manifestChunk: chunkIdField,
  /** The version it was made from (null: the first, or a machine that had none). */
  baseNumber: z.number().int().nullable(),
  /**
   * Set when this version was made from an older one than the newest at its upload (two
   * machines): both are kept, this one became the newest, and the one it passed is named here.
   */
  conflictWith: z.number().int().nullable(),
  /** Restored from this version by a user. */
  restoredFrom: z.number().int().nullable(),
  /** The newest version no computer refused: what a start opens. */
  head: z.boolean(),
  /** A computer refused it (damaged, or made to do harm): starts pass it over for the newest good one. */
  refused: syncVersionRefusalSchema.nullable(),
});
export type SyncVersion = z.infer<typeof syncVersionSchema>;

/** Where a profile runs, when a machine holds its lease: the browser list's "running on …". */
export const profileLeaseSchema = z.object({
  device: z.string(),
  /** Who opened it there. */
  by: z.string(),
  since: z.number().int(),
  /** When the lease lapses unless its machine renews it. */
  expiresAt: z.number().int(),
  /** The agent's device id (a hash of its device key): lets a desktop client tell its own machine. */
  deviceId: z.string(),
});
export type ProfileLease = z.infer<typeof profileLeaseSchema>;

/** A computer's name as its agent gives it to the server (shown to the team). */
export const deviceNameField = z.string().trim().min(1).max(64);

/**
 * Several chunks in one request or answer, each as 32 bytes of id, a 4-byte big-endian length
 * and the sealed bytes. Raw, not JSON: 200 MB of base64 would cost a third more on the wire.
 */
export const SYNC_CHUNKS_PREFIX = '/v2/sync/';
export const SYNC_FRAME_HEADER_BYTES = 36;

export function encodeChunkFrames(chunks: readonly { id: string; bytes: Uint8Array }[]): Uint8Array<ArrayBuffer> {
  const total = chunks.reduce((n, c) => n + SYNC_FRAME_HEADER_BYTES + c.bytes.length, 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  let at = 0;
  for (const chunk of chunks) {
    out.set(hexBytes(chunk.id), at);
    view.setUint32(at + 32, chunk.bytes.length);
    out.set(chunk.bytes, at + SYNC_FRAME_HEADER_BYTES);
    at += SYNC_FRAME_HEADER_BYTES + chunk.bytes.length;
  }
  return out;
}

/** The frames of a body; null when the body is not whole frames (truncated, or a length beyond the limit). */
export function decodeChunkFrames(body: Uint8Array, maxChunkBytes: number): { id: string; bytes: Uint8Array }[] | null {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const chunks: { id: string; bytes: Uint8Array }[] = [];
  let at = 0;
  while (at < body.length) {
    if (body.length - at < SYNC_FRAME_HEADER_BYTES) return null;
    const length = view.getUint32(at + 32);
    if (length > maxChunkBytes || body.length - at - SYNC_FRAME_HEADER_BYTES < length) return null;
    chunks.push({ id: bytesHex(body.subarray(at, at + 32)), bytes: body.subarray(at + SYNC_FRAME_HEADER_BYTES, at + SYNC_FRAME_HEADER_BYTES + length) });
    at += SYNC_FRAME_HEADER_BYTES + length;
  }
  return chunks;
}

function hexBytes(hex: string): Uint8Array {
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error('chunk ids are 64 lower-case hex digits');
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function bytesHex(bytes: Uint8Array): string {
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex;
}
