import { crc32, deflateSync } from 'node:zlib';
import { deflatedZeros } from './zipWriter.ts';

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A genuine pixel-flood PNG: a valid 8-bit greyscale image of width × height black pixels
 * whose image data is one zlib stream of zeros. 16000×16000 is 256 MB of pixels (1 GB as RGBA
 * in a decoder) in about 250 KB of file.
 */
export function blackGreyscalePng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  // Each row is a filter byte (0, none) and `width` zero samples: all zeros.
  const raw = height * (width + 1);
  const adler = Buffer.alloc(4);
  // Adler-32 of n zeros: a stays 1, b adds a once per byte.
  adler.writeUInt32BE((((raw % 65521) << 16) | 1) >>> 0, 0);
  const idat = Buffer.concat([Buffer.from([0x78, 0xda]), deflatedZeros(raw), adler]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small PNG whose IHDR is made to declare another size than its pixel data holds. */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(2))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
