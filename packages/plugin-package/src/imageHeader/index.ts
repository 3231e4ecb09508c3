/**
 * An icon's pixel size from its header alone (PNG IHDR, JPEG SOFn), with no decoding: the
 * server bounds its decoder with it, and the console pre-checks a chosen icon without handing
 * a possible pixel flood to the browser's decoder. Pure code, no Node APIs.
 */
export { readJpegSize } from './jpegHeader.ts';
export { readPngSize, type ImageSize } from './pngHeader.ts';
