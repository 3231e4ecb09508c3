import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { syncLimits } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { chunkId, openChunk, sealChunk, syncKeys } from './syncCrypto.ts';
import { SyncRefusal, type SyncRefusalReason } from './syncRefusal.ts';

const keys = syncKeys(randomBytes(32).toString('base64url'));
const otherKeys = syncKeys(randomBytes(32).toString('base64url'));
const PROFILE = 'k3x9q2mz';

async function refusalOf(promise: Promise<unknown>): Promise<SyncRefusalReason> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SyncRefusal);
  return (error as SyncRefusal).reason;
}

describe('chunk names', () => {
  it('are keyed: the same bytes in two profiles get unrelated names', () => {
    const plain = Buffer.from('the same bytes');
    expect(chunkId(keys, plain)).toMatch(/^[0-9a-f]{64}$/);
    expect(chunkId(keys, plain)).toBe(chunkId(keys, Buffer.from('the same bytes')));
    expect(chunkId(otherKeys, plain)).not.toBe(chunkId(keys, plain));
  });

  it('refuses a sync key that is not 32 bytes', () => {
    expect(() => syncKeys(randomBytes(16).toString('base64url'))).toThrow('32 bytes');
  });
});

describe('sealed chunks', () => {
  const plain = Buffer.concat([Buffer.from('SQLite format 3\0'), randomBytes(4096), Buffer.alloc(4096)]);
  const id = chunkId(keys, plain);

  it('open to the bytes they were sealed from, compressed on the way', async () => {
    const sealed = await sealChunk(keys, PROFILE, id, plain);
    expect(sealed.length).toBeLessThan(plain.length);
    expect(sealed.includes(plain.subarray(16, 64))).toBe(false);
    expect((await openChunk(keys, PROFILE, id, sealed)).equals(plain)).toBe(true);
  });

  it('cut off anywhere is refused as truncated', async () => {
    const sealed = await sealChunk(keys, PROFILE, id, plain);
    expect(await refusalOf(openChunk(keys, PROFILE, id, sealed.subarray(0, sealed.length - 1)))).toBe('truncated');
    expect(await refusalOf(openChunk(keys, PROFILE, id, sealed.subarray(0, 40)))).toBe('truncated');
    expect(await refusalOf(openChunk(keys, PROFILE, id, sealed.subarray(0, 10)))).toBe('truncated');
  });

  it('with one bit flipped, or bytes added, is refused as tampered', async () => {
    const sealed = await sealChunk(keys, PROFILE, id, plain);
    const flipped = Buffer.from(sealed);
    flipped[flipped.length - 100]! ^= 0x01;
    expect(await refusalOf(openChunk(keys, PROFILE, id, flipped))).toBe('tampered');
    expect(await refusalOf(openChunk(keys, PROFILE, id, Buffer.concat([sealed, Buffer.from([0])])))).toBe('tampered');
    const otherFormat = Buffer.from(sealed);
    otherFormat[3] = 0x32;
    expect(await refusalOf(openChunk(keys, PROFILE, id, otherFormat))).toBe('tampered');
  });

  it("sealed with another profile's key, or for another profile, is refused as tampered", async () => {
    expect(await refusalOf(openChunk(keys, PROFILE, id, await sealChunk(otherKeys, PROFILE, id, plain)))).toBe('tampered');
    expect(await refusalOf(openChunk(keys, PROFILE, id, await sealChunk(keys, 'another1', id, plain)))).toBe('tampered');
  });

  it("stored under another chunk's name is refused: the name is sealed in with it", async () => {
    const other = randomBytes(100);
    const otherSealed = await sealChunk(keys, PROFILE, chunkId(keys, other), other);
    expect(await refusalOf(openChunk(keys, PROFILE, id, otherSealed))).toBe('tampered');
  });

  it('that opens but holds other bytes than its name says is refused as mismatch', async () => {
    // Only a holder of the key can make one: other bytes sealed under this name.
    const resealed = await sealChunk(keys, PROFILE, id, randomBytes(100));
    expect(await refusalOf(openChunk(keys, PROFILE, id, resealed))).toBe('mismatch');
  });

  it('larger sealed than a chunk may be is refused before it is opened', async () => {
    expect(await refusalOf(openChunk(keys, PROFILE, id, Buffer.alloc(syncLimits.maxSealedChunkBytes + 1)))).toBe('tooLarge');
  });
});

describe('a deflate bomb', () => {
  // 16 MiB of zeros deflates to about 16 KB: sealed properly, it passes every check but the inflate limit.
  const bomb = Buffer.alloc(16 * 1024 * 1024);

  it('sealed with the right key is refused as too large, by the error code Node gives', async () => {
    const id = chunkId(keys, bomb);
    const sealed = await sealChunk(keys, PROFILE, id, bomb);
    expect(sealed.length).toBeLessThan(syncLimits.maxSealedChunkBytes);
    const error = await openChunk(keys, PROFILE, id, sealed).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SyncRefusal);
    expect((error as SyncRefusal).reason).toBe('tooLarge');
  });

  it('is stopped by Node 20 with a RangeError coded ERR_BUFFER_TOO_LARGE (what openChunk classifies by)', async () => {
    const packed = zlib.deflateRawSync(Buffer.alloc(2 * syncLimits.chunkBytes));
    const error = await promisify(zlib.inflateRaw)(packed, { maxOutputLength: syncLimits.chunkBytes }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RangeError);
    expect((error as NodeJS.ErrnoException).code).toBe('ERR_BUFFER_TOO_LARGE');
  });

  it('of exactly a chunk still opens: the limit is inclusive', async () => {
    const full = Buffer.alloc(syncLimits.chunkBytes, 7);
    const id = chunkId(keys, full);
    expect((await openChunk(keys, PROFILE, id, await sealChunk(keys, PROFILE, id, full))).length).toBe(syncLimits.chunkBytes);
  });
});
