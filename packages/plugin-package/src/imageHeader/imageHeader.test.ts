import { crc32 as nodeCrc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32.ts';
import { readJpegSize, readPngSize } from './index.ts';

/** A PNG's signature and IHDR declaring width × height, with a correct CRC; no pixel data needed. */
function pngHeader(width: number, height: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data.set([8, 6, 0, 0, 0], 8);
  const typeAndData = Buffer.concat([Buffer.from('IHDR', 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(13);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(nodeCrc32(typeAndData));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), length, typeAndData, crc]);
}

describe('image headers', () => {
  it('computes the same CRC-32 as zlib', () => {
    const sample = deflateSync(Buffer.from('facet '.repeat(500)));
    expect(crc32(sample)).toBe(nodeCrc32(sample));
  });

  it('reads a PNG size from the IHDR alone, a flood as cheaply as an icon', () => {
    expect(readPngSize(pngHeader(16000, 16000))).toEqual({ width: 16000, height: 16000 });
    expect(readPngSize(new Uint8Array(pngHeader(64, 64)))).toEqual({ width: 64, height: 64 });
  });

  it('refuses a PNG header whose CRC does not match', () => {
    const damaged = pngHeader(64, 64);
    damaged[20] = 0x7f;
    expect(readPngSize(damaged)).toEqual({ error: 'ihdr-crc-mismatch' });
  });

  it('walks JPEG segments to the frame header, past a thumbnail hidden in APP1', () => {
    const decoy = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x40, 0x00, 0x40, 0x03];
    const app1Body = [...Buffer.from('Exif\0\0', 'latin1'), ...decoy];
    const app1 = [0xff, 0xe1, 0, app1Body.length + 2];
    const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x3e, 0x80, 0x3e, 0x80, 0x03, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0];
    const jpeg = Uint8Array.from([0xff, 0xd8, ...app1, ...app1Body, ...sof, 0xff, 0xd9]);
    expect(readJpegSize(jpeg)).toEqual({ width: 16000, height: 16000 });
    expect(readJpegSize(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toEqual({ error: 'no-frame-header' });
  });
});
