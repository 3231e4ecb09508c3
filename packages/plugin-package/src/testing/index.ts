/** Hostile and plain fixtures for tests of plugin packages and icons: zips written byte by byte, PNGs without a decoder. */
export { crc32OfZeros, deflatedZeros, writeZip, type ZipEntrySpec, type ZipWriteOptions } from './zipWriter.ts';
export { blackGreyscalePng, pngDeclaring } from './pngFixtures.ts';
