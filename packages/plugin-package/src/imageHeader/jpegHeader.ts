import type { ImageSize } from './pngHeader.ts';

/** Start-of-frame markers that carry the image size (not DHT C4, JPG C8 or DAC CC). */
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const TEM = 0x01;
/** Segments a JPEG may carry before its frame header; more is not an icon but an attack. */
const MAX_SEGMENTS = 1000;

/**
 * Width and height from a JPEG's first SOFn segment, walking the marker segments from the
 * start with every length checked against the buffer. Segments are skipped by their length, so
 * an EXIF thumbnail's own SOF inside APP1 is never mistaken for the image's. Reaching the scan
 * data (SOS) or the end without a frame header means the file is not what it claims.
 */
export function readJpegSize(bytes: Uint8Array): ImageSize | { error: string } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return { error: 'no-start-of-image' };
  let at = 2;
  for (let segments = 0; segments < MAX_SEGMENTS; segments++) {
    if (at >= bytes.length || bytes[at] !== 0xff) return { error: 'expected-marker' };
    // Any number of 0xFF fill bytes may precede a marker.
    while (at < bytes.length && bytes[at] === 0xff) at++;
    if (at >= bytes.length) return { error: 'truncated' };
    const marker = bytes[at] as number;
    at++;
    if (marker === 0x00) return { error: 'expected-marker' };
    // Standalone markers have no length field.
    if (marker === TEM || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === SOI || marker === EOI || marker === SOS) return { error: 'no-frame-header' };
    if (at + 2 > bytes.length) return { error: 'truncated' };
    const length = view.getUint16(at);
    if (length < 2 || at + length > bytes.length) return { error: 'bad-segment-length' };
    if (SOF_MARKERS.has(marker)) {
      // precision (1), height (2), width (2), components (1)
      if (length < 8) return { error: 'bad-frame-header' };
      const height = view.getUint16(at + 3);
      const width = view.getUint16(at + 5);
      // Height 0 defers the size to a later DNL marker: no trustworthy size up front.
      if (width === 0 || height === 0) return { error: 'size-not-in-header' };
      return { width, height };
    }
    at += length;
  }
  return { error: 'too-many-segments' };
}
