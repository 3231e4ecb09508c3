import type { ZipEntryRecord } from './zipCentralDirectory.ts';
import { PackageRefusal, printable, refuse, type Refusal } from './inspectionRefusal.ts';

/** General-purpose flag bit 11: the name is UTF-8. Without it the name is code page 437. */
const FLAG_UTF8 = 0x0800;
const MAX_PATH_LENGTH = 512;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decode an entry name the one way every unzipper agrees on. Non-ASCII names without the UTF-8
 * flag are refused: readers guess their code page differently (CP437, the system locale, GBK),
 * so the name we check would not be the name that lands on disk.
 */
export function decodeEntryName(record: ZipEntryRecord): string | Refusal {
  const bad = (reason: string) => refuse(PackageRefusal.BAD_PATH, { reason, entry: record.index });
  let name: string;
  if (record.flags & FLAG_UTF8) {
    try {
      name = utf8.decode(record.nameBytes);
    } catch {
      // A fatal decoder throws on malformed UTF-8; that is the answer, not a fault.
      return bad('invalid-utf8');
    }
  } else if (record.nameBytes.every((byte) => byte < 0x80)) {
    name = record.nameBytes.toString('latin1');
  } else {
    return bad('non-ascii-name-without-utf8-flag');
  }
  // Some unzippers replace the name with the Unicode Path extra field: it must say the same.
  if (record.unicodePathBytes && record.unicodePathBytes.toString('utf8') !== name) {
    return refuse(PackageRefusal.BAD_PATH, { reason: 'unicode-path-differs', path: printable(name) });
  }
  return name;
}

/**
 * A name must be a plain relative path that lands inside the extension folder on Linux, macOS
 * and Windows alike (the agent runs on all three). Directory entries end with one '/'.
 */
export function checkEntryPath(name: string): Refusal | undefined {
  const bad = (reason: string) => refuse(PackageRefusal.BAD_PATH, { reason, path: printable(name) });
  if (name.length === 0) return bad('empty');
  if (name.length > MAX_PATH_LENGTH) return bad('too-long');
  // NUL truncates names in C-based unzippers; other control characters, bidi overrides and
  // zero-width characters make a name read differently in a listing ("evil\u202Egnp.js").
  if (/[^\x20-\x7e\u00a0-\uffff]|[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/.test(name)) {
    return bad('control-character');
  }
  // Windows unzippers treat '\' as a separator: "a\..\..\x" escapes there even if not here.
  if (name.includes('\\')) return bad('backslash');
  if (name.startsWith('/')) return bad('absolute');
  // "C:x" is drive-relative on Windows, "x:stream" an NTFS alternate data stream.
  if (name.includes(':')) return bad('colon-or-drive-letter');

  const segments = (name.endsWith('/') ? name.slice(0, -1) : name).split('/');
  for (const segment of segments) {
    if (segment === '..') return bad('parent-segment');
    if (segment === '' || segment === '.') return bad('empty-segment');
    // Windows drops trailing dots and spaces, so "evil.js." and "evil.js" are one file there.
    if (/[. ]$/.test(segment)) return bad('trailing-dot-or-space');
    if (WINDOWS_DEVICE.test(segment)) return bad('windows-device-name');
  }
  return undefined;
}

/** The key under which two names collide on a case-insensitive, normalising file system. */
export function collisionKey(path: string): string {
  return path.replace(/\/$/, '').normalize('NFC').toLowerCase();
}
