import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { syncLimits } from '@facet/contracts';
import { SyncRefusal } from './syncRefusal.ts';

const deflate = promisify(zlib.deflateRaw);
const inflate = promisify(zlib.inflateRaw);

/** `FSC1`: Facet sync chunk, format 1. */
const MAGIC = Buffer.from('FSC1');
/** The sealed body's length: without it a chunk cut off in storage or transfer would look altered. */
const LENGTH_BYTES = 4;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const IV_AT = MAGIC.length + LENGTH_BYTES;
const HEADER_BYTES = IV_AT + IV_BYTES + TAG_BYTES;

export interface SyncKeys {
  /** Names chunks: HMAC-SHA256 of the plain bytes. Keyed, so equal bytes in two profiles get unrelated names. */
  mac: Buffer;
  /** Seals chunks: AES-256-GCM. */
  seal: Buffer;
}

/** Two keys from the profile's one sync key (32 bytes, base64url), one per purpose. */
export function syncKeys(syncKey: string): SyncKeys {
  const root = Buffer.from(syncKey, 'base64url');
  if (root.length !== 32) throw new Error('a profile sync key is 32 bytes');
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), info, 32));
  return { mac: derive('facet-sync-chunk-name-v1'), seal: derive('facet-sync-chunk-seal-v1') };
}

export function chunkId(keys: SyncKeys, plain: Buffer): string {
  return createHmac('sha256', keys.mac).update(plain).digest('hex');
}

/**
 * Compressed, then sealed: `FSC1 | body length | iv | tag | body = AES-256-GCM(deflate(plain))`, with the profile and
 * the chunk's name as associated data, so a chunk cannot be passed off as another profile's or
 * another chunk. Compression runs off the event loop (the agent forwards DevTools meanwhile).
 */
export async function sealChunk(keys: SyncKeys, profileId: string, id: string, plain: Buffer): Promise<Buffer> {
  const packed = await deflate(plain, { level: 6 });
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.seal, iv);
  cipher.setAAD(aad(profileId, id));
  const body = Buffer.concat([cipher.update(packed), cipher.final()]);
  const length = Buffer.alloc(LENGTH_BYTES);
  length.writeUInt32BE(body.length);
  return Buffer.concat([MAGIC, length, iv, cipher.getAuthTag(), body]);
}

/**
 * The plain bytes of a sealed chunk, checked three ways: it opens (GCM), it inflates to no more
 * than a chunk may hold, and it hashes to its name. Anything else is a typed refusal.
 */
export async function openChunk(keys: SyncKeys, profileId: string, id: string, sealed: Buffer, maxPlainBytes: number = syncLimits.chunkBytes): Promise<Buffer> {
  if (sealed.length > syncLimits.maxSealedChunkBytes) throw new SyncRefusal('tooLarge', `chunk ${id} is ${sealed.length} bytes sealed`);
  if (sealed.length < HEADER_BYTES) throw new SyncRefusal('truncated', `chunk ${id} has no whole header`);
  if (!sealed.subarray(0, MAGIC.length).equals(MAGIC)) throw new SyncRefusal('tampered', `chunk ${id} is not a sealed chunk of this format`);
  // A wrong length with an intact body is refused here; a body altered to fit it fails the seal below.
  const bodyBytes = sealed.readUInt32BE(MAGIC.length);
  const body = sealed.subarray(HEADER_BYTES);
  if (body.length < bodyBytes) throw new SyncRefusal('truncated', `chunk ${id} is cut off: ${body.length} of ${bodyBytes} sealed bytes`);
  if (body.length > bodyBytes) throw new SyncRefusal('tampered', `chunk ${id} has ${body.length - bodyBytes} bytes more than it was sealed with`);
  const iv = sealed.subarray(IV_AT, IV_AT + IV_BYTES);
  const tag = sealed.subarray(IV_AT + IV_BYTES, HEADER_BYTES);
  let packed: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keys.seal, iv);
    decipher.setAAD(aad(profileId, id));
    decipher.setAuthTag(tag);
    packed = Buffer.concat([decipher.update(body), decipher.final()]);
  } catch {
    throw new SyncRefusal('tampered', `chunk ${id} does not open with this profile's key`);
  }
  let plain: Buffer;
  try {
    // maxOutputLength stops a small chunk that inflates without end (a bomb) at the limit.
    plain = await inflate(packed, { maxOutputLength: maxPlainBytes });
  } catch (error) {
    // Node 20 stops at maxOutputLength with RangeError ERR_BUFFER_TOO_LARGE (syncCrypto.test.ts holds it to that).
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new SyncRefusal('tooLarge', `chunk ${id} inflates past ${maxPlainBytes} bytes`);
    throw new SyncRefusal('truncated', `chunk ${id} does not inflate`);
  }
  const actual = Buffer.from(chunkId(keys, plain), 'hex');
  if (!timingSafeEqual(actual, Buffer.from(id, 'hex'))) throw new SyncRefusal('mismatch', `chunk ${id} holds other bytes than its name says`);
  return plain;
}

function aad(profileId: string, id: string): Buffer {
  return Buffer.from(`facet-sync-v1\0${profileId}\0${id}`);
}
