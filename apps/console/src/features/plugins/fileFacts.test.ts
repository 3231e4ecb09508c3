import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readImageSize } from './fileFacts.ts';

function pngDeclaring(width: number, height: number): Blob {
  const ihdr = Buffer.alloc(17);
  ihdr.write('IHDR', 0, 'latin1');
  ihdr.writeUInt32BE(width, 4);
  ihdr.writeUInt32BE(height, 8);
  ihdr.set([8, 6, 0, 0, 0], 12);
  const head = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(ihdr));
  // Pixel data that was never deflated: a decoder would fail, the header reader never looks.
  return new Blob([head, ihdr, crc, Buffer.alloc(1000, 0xab)]);
}

describe('the icon pre-check', () => {
  it('learns a pixel flood from the header, without decoding the image', async () => {
    expect(await readImageSize(pngDeclaring(16000, 16000))).toEqual({ width: 16000, height: 16000 });
    expect(await readImageSize(pngDeclaring(60, 90))).toEqual({ width: 60, height: 90 });
  });

  it('leaves a file that is not PNG or JPEG to the server', async () => {
    expect(await readImageSize(new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>']))).toBeNull();
  });
});
