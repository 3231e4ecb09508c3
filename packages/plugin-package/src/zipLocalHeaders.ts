import type { ZipDirectory, ZipEntryRecord } from './zipCentralDirectory.ts';
import { PackageRefusal, refuse, type Refusal } from './inspectionRefusal.ts';

const LOCAL_SIGNATURE = 0x04034b50;
const LOCAL_FIXED_SIZE = 30;
const DESCRIPTOR_SIGNATURE = 0x08074b50;
/** General-purpose flag bit 3: sizes and CRC follow the data in a data descriptor. */
const FLAG_DATA_DESCRIPTOR = 0x0008;
const FLAG_ENCRYPTED = 0x0001;

/** Where an entry's compressed bytes are, once its local header has been held to its record. */
export interface LocatedEntry {
  record: ZipEntryRecord;
  dataStart: number;
  dataEnd: number;
}

/**
 * Check every local header against its central record and find each entry's data. The local
 * headers with their data (and data descriptors) must tile the file from byte 0 to the central
 * directory with no gap and no overlap:
 * - overlap is how "overlapping file" zip bombs reuse one compressed kernel for many entries;
 * - a gap could hold a local entry that the central directory does not list, which a streaming
 *   unzipper (one that walks local headers from the start) would still extract.
 * Name, method and encryption must agree between the two headers, so no reader can see a
 * different file than the one we checked.
 */
export function locateEntries(bytes: Buffer, directory: ZipDirectory): LocatedEntry[] | Refusal {
  const limit = directory.centralDirectoryOffset;
  const located: LocatedEntry[] = [];
  const spans: Array<{ start: number; end: number; index: number }> = [];
  for (const record of directory.entries) {
    const at = record.localHeaderOffset;
    const corrupt = (reason: string) => refuse(PackageRefusal.CORRUPT, { reason, entry: record.index });
    if (at + LOCAL_FIXED_SIZE > limit || bytes.readUInt32LE(at) !== LOCAL_SIGNATURE) return corrupt('bad-local-header');

    const flags = bytes.readUInt16LE(at + 6);
    const method = bytes.readUInt16LE(at + 8);
    const nameLength = bytes.readUInt16LE(at + 26);
    const extraLength = bytes.readUInt16LE(at + 28);
    const nameStart = at + LOCAL_FIXED_SIZE;
    const dataStart = nameStart + nameLength + extraLength;
    const dataEnd = dataStart + record.compressedSize;
    if (dataEnd > limit) return corrupt('entry-data-out-of-range');
    if (!bytes.subarray(nameStart, nameStart + nameLength).equals(record.nameBytes)) return corrupt('local-name-differs');
    if (method !== record.method || (flags & FLAG_ENCRYPTED) !== (record.flags & FLAG_ENCRYPTED)) {
      return corrupt('local-header-differs');
    }
    if (!localSizesAgree(bytes, at, flags, record)) return corrupt('local-sizes-differ');

    const end = dataEnd + descriptorLength(bytes, dataEnd, flags, limit);
    if (end > limit) return corrupt('entry-data-out-of-range');
    located.push({ record, dataStart, dataEnd });
    spans.push({ start: at, end, index: record.index });
  }

  spans.sort((a, b) => a.start - b.start);
  let expected = 0;
  for (const span of spans) {
    if (span.start < expected) return refuse(PackageRefusal.CORRUPT, { reason: 'overlapping-entries', entry: span.index });
    if (span.start > expected) return refuse(PackageRefusal.CORRUPT, { reason: 'unlisted-data', offset: expected });
    expected = span.end;
  }
  if (expected !== limit) return refuse(PackageRefusal.CORRUPT, { reason: 'unlisted-data', offset: expected });
  return located;
}

/**
 * With a data descriptor the local sizes may be zero (the writer did not know them yet); any
 * value that is present must match the central record.
 */
function localSizesAgree(bytes: Buffer, at: number, flags: number, record: ZipEntryRecord): boolean {
  const crc = bytes.readUInt32LE(at + 14);
  const compressed = bytes.readUInt32LE(at + 18);
  const uncompressed = bytes.readUInt32LE(at + 22);
  const agrees = crc === record.crc32 && compressed === record.compressedSize && uncompressed === record.uncompressedSize;
  if (flags & FLAG_DATA_DESCRIPTOR) return agrees || (crc === 0 && compressed === 0 && uncompressed === 0);
  return agrees;
}

/** A data descriptor is 12 bytes, or 16 with its optional signature; none without flag bit 3. */
function descriptorLength(bytes: Buffer, dataEnd: number, flags: number, limit: number): number {
  if (!(flags & FLAG_DATA_DESCRIPTOR)) return 0;
  if (dataEnd + 4 <= limit && bytes.readUInt32LE(dataEnd) === DESCRIPTOR_SIGNATURE) return 16;
  return 12;
}
