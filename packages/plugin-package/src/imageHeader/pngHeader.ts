import { crc32 } from './crc32.ts';

export interface ImageSize {
  width: number;
  height: number;
}

const SIGNATURE_LENGTH = 8;
const IHDR_DATA_LENGTH = 13;

/**
 * Width and height from a PNG's IHDR, which the format requires to be the first chunk. Reads
 * 33 bytes and decodes nothing, so a file declaring 16000×16000 costs no more than a small one.
 * The chunk's CRC must match: a damaged header is refused rather than guessed at.
 */
export function readPngSize(bytes: Uint8Array): ImageSize | { error: string } {
  const ihdr = SIGNATURE_LENGTH;
  if (bytes.length < ihdr + 8 + IHDR_DATA_LENGTH + 4) return { error: 'truncated-header' };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = String.fromCharCode(...bytes.subarray(ihdr + 4, ihdr + 8));
  if (view.getUint32(ihdr) !== IHDR_DATA_LENGTH || type !== 'IHDR') return { error: 'first-chunk-not-ihdr' };
  const typeAndData = bytes.subarray(ihdr + 4, ihdr + 8 + IHDR_DATA_LENGTH);
  if (crc32(typeAndData) !== view.getUint32(ihdr + 8 + IHDR_DATA_LENGTH)) return { error: 'ihdr-crc-mismatch' };
  const width = view.getUint32(ihdr + 8);
  const height = view.getUint32(ihdr + 12);
  // The PNG spec caps both at 2^31-1 and forbids zero.
  if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff) return { error: 'invalid-dimensions' };
  return { width, height };
}
