import type { ZipEntryRecord } from './zipCentralDirectory.ts';
import { PackageRefusal, refuse, type Refusal } from './inspectionRefusal.ts';

export const METHOD_STORED = 0;
export const METHOD_DEFLATE = 8;
const METHOD_AES = 99;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_STRONG_ENCRYPTION = 0x0040;

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
/** MS-DOS attribute bits in the low byte of the external attributes. */
const DOS_DIRECTORY = 0x10;
const DOS_REPARSE_POINT = 0x400;

/** Names a browser extension has no reason to carry: archives the agent would never look into. */
const ARCHIVE_NAME = /\.(zip|crx|rar|7z|tar|gz|tgz|bz2|tbz2?|xz|txz|zst|cab|jar|xpi|apk|iso)$/i;

export interface RatioLimit {
  /** Entries at most this big (uncompressed) are not ratio-checked: tiny files compress oddly. */
  floorBytes: number;
  maxRatio: number;
}

/** Every declared-header rule for one entry, checked before a single byte is inflated. */
export function checkEntryRecord(record: ZipEntryRecord, path: string, ratio: RatioLimit): Refusal | undefined {
  const isDirectory = path.endsWith('/');

  if (record.flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION) || record.method === METHOD_AES) {
    return refuse(PackageRefusal.ENCRYPTED, { path });
  }
  if (record.method !== METHOD_STORED && record.method !== METHOD_DEFLATE) {
    // Chromium's unzipper reads stored and deflated entries only.
    return refuse(PackageRefusal.UNSUPPORTED, { reason: 'compression-method', method: record.method, path });
  }

  const fileType = unixFileType(record);
  if (fileType === S_IFLNK || (record.externalAttributes & DOS_REPARSE_POINT) !== 0) {
    return refuse(PackageRefusal.LINK, { path });
  }
  if (fileType !== 0 && fileType !== S_IFREG && fileType !== S_IFDIR) {
    return refuse(PackageRefusal.SPECIAL_FILE, { path, mode: fileType.toString(8) });
  }
  // Readers agree that a trailing '/' makes a directory. Some also make one from the attributes
  // alone, so a "file" that its attributes call a directory would be checked as one thing and
  // unpacked as another. (The reverse is common and harmless: many writers leave attributes 0.)
  const attributesSayDirectory = fileType === S_IFDIR || (fileType === 0 && (record.externalAttributes & DOS_DIRECTORY) !== 0);
  if (attributesSayDirectory && !isDirectory) {
    return refuse(PackageRefusal.BAD_PATH, { reason: 'directory-attribute-mismatch', path });
  }
  if (isDirectory) {
    if (record.uncompressedSize !== 0) return refuse(PackageRefusal.CORRUPT, { reason: 'directory-with-data', path });
    return undefined;
  }

  if (ARCHIVE_NAME.test(path)) return refuse(PackageRefusal.NESTED_ARCHIVE, { path });
  if (record.method === METHOD_STORED && record.compressedSize !== record.uncompressedSize) {
    return refuse(PackageRefusal.SIZE_MISMATCH, { path, declared: record.uncompressedSize, stored: record.compressedSize });
  }
  if (record.uncompressedSize > ratio.floorBytes && record.uncompressedSize > record.compressedSize * ratio.maxRatio) {
    return refuse(PackageRefusal.RATIO, {
      path,
      compressed: record.compressedSize,
      uncompressed: record.uncompressedSize,
      limit: ratio.maxRatio,
    });
  }
  return undefined;
}

/**
 * The Unix file type from the high 16 bits of the external attributes. Read whatever the "made
 * by" system says: some unzippers honour these bits regardless, so a link is a link for us too.
 */
function unixFileType(record: ZipEntryRecord): number {
  return (record.externalAttributes >>> 16) & S_IFMT;
}
