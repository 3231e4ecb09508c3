/**
 * Identify a file by its first bytes. Names and Content-Types are whatever the uploader typed;
 * only the bytes decide. Covers what the plugin checks need: zip, crx, the archives that must
 * not hide inside a package, and the image formats an icon could be (or pretend to be).
 */
export type FileKind =
  | 'zip'
  | 'empty-zip'
  | 'crx'
  | 'rar'
  | '7z'
  | 'gzip'
  | 'bzip2'
  | 'xz'
  | 'zstd'
  | 'tar'
  | 'cab'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp'
  | 'svg'
  | 'unknown';

/** How many leading bytes `detectFileKind` needs at most (tar's "ustar" sits at offset 257). */
export const MAGIC_PREFIX_BYTES = 512;

const SIGNATURES: ReadonlyArray<readonly [FileKind, number[]]> = [
  ['zip', [0x50, 0x4b, 0x03, 0x04]],
  ['empty-zip', [0x50, 0x4b, 0x05, 0x06]],
  ['crx', [0x43, 0x72, 0x32, 0x34]], // "Cr24"
  ['rar', [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]], // "Rar!\x1a\x07", RAR 4 and 5
  ['7z', [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]],
  ['gzip', [0x1f, 0x8b, 0x08]], // magic + deflate, the only method gzip defines
  ['xz', [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]],
  ['zstd', [0x28, 0xb5, 0x2f, 0xfd]],
  ['cab', [0x4d, 0x53, 0x43, 0x46, 0, 0, 0, 0]], // "MSCF" + reserved zeros
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['jpeg', [0xff, 0xd8, 0xff]],
  ['gif', [0x47, 0x49, 0x46, 0x38]], // "GIF8"
];

export const ARCHIVE_KINDS: ReadonlySet<FileKind> = new Set([
  'zip', 'empty-zip', 'crx', 'rar', '7z', 'gzip', 'bzip2', 'xz', 'zstd', 'tar', 'cab',
]);

export function detectFileKind(head: Uint8Array): FileKind {
  for (const [kind, signature] of SIGNATURES) {
    if (startsWith(head, signature, 0)) return kind;
  }
  if (isBzip2(head)) return 'bzip2';
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46], 0) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  // POSIX tar has no magic at the start; "ustar" at 257 marks both ustar and GNU tar.
  if (startsWith(head, [0x75, 0x73, 0x74, 0x61, 0x72], 257)) return 'tar';
  if (looksLikeSvg(head)) return 'svg';
  return 'unknown';
}

/** "BZh", a block size digit 1–9, then the block magic (BCD of pi): a text file saying "BZh" is not one. */
function isBzip2(head: Uint8Array): boolean {
  const level = head[3] ?? 0;
  return startsWith(head, [0x42, 0x5a, 0x68], 0) && level >= 0x31 && level <= 0x39 && startsWith(head, [0x31, 0x41, 0x59, 0x26, 0x53, 0x59], 4);
}

function startsWith(head: Uint8Array, signature: readonly number[], at: number): boolean {
  if (head.length < at + signature.length) return false;
  return signature.every((byte, i) => head[at + i] === byte);
}

/** SVG is XML text: after an optional BOM, whitespace, an XML declaration or comments, `<svg`. */
function looksLikeSvg(head: Uint8Array): boolean {
  const text = Buffer.from(head.buffer, head.byteOffset, head.length).toString('utf8').replace(/^\uFEFF/, '');
  if (!text.trimStart().startsWith('<')) return false;
  return /<svg[\s>/]/i.test(text);
}
