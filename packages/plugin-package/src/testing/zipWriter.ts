import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A deliberately permissive zip writer for tests: it writes whatever it is told, including the
 * lies real zip libraries refuse to write (sizes, names, attributes, flags), so each malicious
 * package can be built byte by byte inside the test that refuses it.
 */
export interface ZipEntrySpec {
  name: string | Buffer;
  /** Content; deflated unless `method` is 0 or `compressed` is given. */
  data?: Buffer;
  method?: 0 | 8 | number;
  /** Already-compressed bytes (raw deflate for method 8); `data` is then ignored. */
  compressed?: Buffer;
  /** Overrides of what the headers declare. */
  crc32?: number;
  uncompressedSize?: number;
  flags?: number;
  /** Unix mode goes in the high 16 bits; with `versionMadeBy` 3 << 8 (Unix). */
  externalAttributes?: number;
  versionMadeBy?: number;
  /** Write the entry's local header + data here instead of at the next free offset (overlap tests). */
  localOffsetOverride?: number;
  /** Put a data descriptor after the data (flag bit 3) with zeros in the local header. */
  dataDescriptor?: boolean;
}

export interface ZipWriteOptions {
  /** Bytes written between local entries and the central directory (hidden data tests). */
  smuggledBeforeDirectory?: Buffer;
  /** Overrides the end record's entry count. */
  declaredEntryCount?: number;
}

const UTF8_FLAG = 0x0800;

export function writeZip(entries: ZipEntrySpec[], options: ZipWriteOptions = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = typeof entry.name === 'string' ? Buffer.from(entry.name, 'utf8') : entry.name;
    const data = entry.data ?? Buffer.alloc(0);
    const method = entry.method ?? 8;
    const compressed = entry.compressed ?? (method === 8 ? deflateRawSync(data) : data);
    const crc = entry.crc32 ?? crc32(data);
    const size = entry.uncompressedSize ?? data.length;
    const descriptor = entry.dataDescriptor === true;
    const flags = (entry.flags ?? (typeof entry.name === 'string' ? UTF8_FLAG : 0)) | (descriptor ? 0x0008 : 0);
    const localOffset = entry.localOffsetOverride ?? offset;

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(descriptor ? 0 : crc, 14);
    local.writeUInt32LE(descriptor ? 0 : compressed.length, 18);
    local.writeUInt32LE(descriptor ? 0 : size, 22);
    local.writeUInt16LE(name.length, 26);
    const parts = [local, name, compressed];
    if (descriptor) {
      const trailer = Buffer.alloc(16);
      trailer.writeUInt32LE(0x08074b50, 0);
      trailer.writeUInt32LE(crc, 4);
      trailer.writeUInt32LE(compressed.length, 8);
      trailer.writeUInt32LE(size, 12);
      parts.push(trailer);
    }
    if (entry.localOffsetOverride === undefined) {
      const written = Buffer.concat(parts);
      locals.push(written);
      offset += written.length;
    }

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(entry.versionMadeBy ?? (3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(entry.externalAttributes ?? (0o100644 << 16) >>> 0, 38);
    central.writeUInt32LE(localOffset, 42);
    centrals.push(central, name);
  }
  if (options.smuggledBeforeDirectory) {
    locals.push(options.smuggledBeforeDirectory);
    offset += options.smuggledBeforeDirectory.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  const count = options.declaredEntryCount ?? entries.length;
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * Raw deflate data that inflates to `totalBytes` zeros, built without holding them: one block
 * of 16 MiB zeros compressed with a full flush (byte-aligned, history reset) is repeated, then
 * a final empty block ends the stream. About 1 KB per MiB, so 1 GiB fits in about 1 MB.
 */
export function deflatedZeros(totalBytes: number): Buffer {
  const block = 16 * 1024 * 1024;
  const fullFlush = { level: 9, finishFlush: 3 /* Z_FULL_FLUSH */ };
  const parts: Buffer[] = [];
  const whole = deflateRawSync(Buffer.alloc(block), fullFlush);
  for (let left = totalBytes; left > 0; left -= block) {
    parts.push(left >= block ? whole : deflateRawSync(Buffer.alloc(left), fullFlush));
  }
  parts.push(Buffer.from([0x03, 0x00])); // final fixed-Huffman block with no symbols but end-of-block
  return Buffer.concat(parts);
}

/** CRC-32 of `totalBytes` zeros, computed in 16 MiB steps. */
export function crc32OfZeros(totalBytes: number): number {
  const block = Buffer.alloc(Math.min(totalBytes, 16 * 1024 * 1024));
  let crc = 0;
  for (let left = totalBytes; left > 0; left -= block.length) {
    crc = crc32(left >= block.length ? block : block.subarray(0, left), crc);
  }
  return crc;
}
