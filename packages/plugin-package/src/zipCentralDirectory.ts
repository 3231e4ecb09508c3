import { PackageRefusal, refuse, type Refusal } from './inspectionRefusal.ts';

/**
 * One central-directory record, as declared. Nothing here has been checked against the data
 * yet: sizes and names are the uploader's claims until zipLocalHeaders and zipEntryVerifier
 * hold them to the bytes.
 */
export interface ZipEntryRecord {
  index: number;
  nameBytes: Buffer;
  /** Name from an Info-ZIP Unicode Path extra field (0x7075); some unzippers prefer it. */
  unicodePathBytes?: Buffer;
  versionMadeBy: number;
  flags: number;
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  externalAttributes: number;
  localHeaderOffset: number;
}

export interface ZipDirectory {
  entries: ZipEntryRecord[];
  /** Where the central directory starts: every entry's local header and data lie before it. */
  centralDirectoryOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const EOCD_SIZE = 22;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const CENTRAL_FIXED_SIZE = 46;
const MAX_COMMENT = 0xffff;
const EXTRA_ZIP64 = 0x0001;
const EXTRA_UNICODE_PATH = 0x7075;

/**
 * Read the end record and the central directory of a zip held in memory, refusing anything
 * ambiguous. The entry count is checked from the end record before a single entry is walked,
 * so a directory claiming a million entries costs nothing. ZIP64 and multi-disk archives are
 * refused: a browser extension never needs them, and every extra format path is one more place
 * where our reading and the unzipper's could differ.
 */
export function parseCentralDirectory(bytes: Buffer, limits: { maxEntries: number }): ZipDirectory | Refusal {
  const eocd = findEndRecord(bytes);
  if (eocd < 0) return refuse(PackageRefusal.CORRUPT, { reason: 'no-end-of-central-directory' });

  const diskNumber = bytes.readUInt16LE(eocd + 4);
  const directoryDisk = bytes.readUInt16LE(eocd + 6);
  const entriesOnDisk = bytes.readUInt16LE(eocd + 8);
  const entryCount = bytes.readUInt16LE(eocd + 10);
  const directorySize = bytes.readUInt32LE(eocd + 12);
  const directoryOffset = bytes.readUInt32LE(eocd + 16);

  const hasZip64Locator = eocd >= 20 && bytes.readUInt32LE(eocd - 20) === ZIP64_LOCATOR_SIGNATURE;
  if (hasZip64Locator || entryCount === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    return refuse(PackageRefusal.UNSUPPORTED, { reason: 'zip64' });
  }
  if (diskNumber !== 0 || directoryDisk !== 0 || entriesOnDisk !== entryCount) {
    return refuse(PackageRefusal.UNSUPPORTED, { reason: 'multi-disk' });
  }
  if (entryCount > limits.maxEntries) {
    return refuse(PackageRefusal.TOO_MANY_ENTRIES, { entries: entryCount, limit: limits.maxEntries });
  }
  // The directory must end exactly where the end record starts: no gap in which a second,
  // different directory could hide for a reader that searches differently.
  if (directoryOffset + directorySize !== eocd) {
    return refuse(PackageRefusal.CORRUPT, { reason: 'central-directory-misplaced' });
  }

  const entries: ZipEntryRecord[] = [];
  let at = directoryOffset;
  for (let index = 0; index < entryCount; index++) {
    if (at + CENTRAL_FIXED_SIZE > eocd || bytes.readUInt32LE(at) !== CENTRAL_SIGNATURE) {
      return refuse(PackageRefusal.CORRUPT, { reason: 'bad-central-header', entry: index });
    }
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const end = at + CENTRAL_FIXED_SIZE + nameLength + extraLength + commentLength;
    if (end > eocd) return refuse(PackageRefusal.CORRUPT, { reason: 'bad-central-header', entry: index });

    const record: ZipEntryRecord = {
      index,
      versionMadeBy: bytes.readUInt16LE(at + 4),
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      crc32: bytes.readUInt32LE(at + 16),
      compressedSize: bytes.readUInt32LE(at + 20),
      uncompressedSize: bytes.readUInt32LE(at + 24),
      externalAttributes: bytes.readUInt32LE(at + 38),
      localHeaderOffset: bytes.readUInt32LE(at + 42),
      nameBytes: bytes.subarray(at + CENTRAL_FIXED_SIZE, at + CENTRAL_FIXED_SIZE + nameLength),
    };
    const diskStart = bytes.readUInt16LE(at + 34);
    const extra = bytes.subarray(at + CENTRAL_FIXED_SIZE + nameLength, at + CENTRAL_FIXED_SIZE + nameLength + extraLength);
    const fields = readExtraFields(extra);
    if (
      fields.has(EXTRA_ZIP64) ||
      diskStart === 0xffff ||
      record.compressedSize === 0xffffffff ||
      record.uncompressedSize === 0xffffffff ||
      record.localHeaderOffset === 0xffffffff
    ) {
      return refuse(PackageRefusal.UNSUPPORTED, { reason: 'zip64', entry: index });
    }
    const unicodePath = fields.get(EXTRA_UNICODE_PATH);
    // Layout: version (1), CRC-32 of the plain name (4), UTF-8 name.
    if (unicodePath) record.unicodePathBytes = unicodePath.subarray(Math.min(5, unicodePath.length));
    entries.push(record);
    at = end;
  }
  // A count that disagrees with the directory's size means two readers could list different entries.
  if (at !== eocd) return refuse(PackageRefusal.CORRUPT, { reason: 'central-directory-size-mismatch' });
  return { entries, centralDirectoryOffset: directoryOffset };
}

/**
 * The end record is the last 22+ bytes; a trailing comment of up to 64 KiB may follow it. We
 * take the candidate whose comment length reaches exactly the end of the file, searching from
 * the end as unzippers do, so a fake record inside the comment cannot be picked instead.
 */
function findEndRecord(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - EOCD_SIZE - MAX_COMMENT);
  for (let at = bytes.length - EOCD_SIZE; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) !== EOCD_SIGNATURE) continue;
    if (at + EOCD_SIZE + bytes.readUInt16LE(at + 20) === bytes.length) return at;
  }
  return -1;
}

/** Extra fields as id → data. A malformed tail is ignored, as most readers ignore it. */
function readExtraFields(extra: Buffer): Map<number, Buffer> {
  const fields = new Map<number, Buffer>();
  let at = 0;
  while (at + 4 <= extra.length) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (at + 4 + size > extra.length) break;
    if (!fields.has(id)) fields.set(id, extra.subarray(at + 4, at + 4 + size));
    at += 4 + size;
  }
  return fields;
}
