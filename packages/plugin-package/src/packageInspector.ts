import { readBoundedUpload, type UploadSource } from './boundedUpload.ts';
import { readExtensionManifest, type ExtensionManifestSummary } from './extensionManifest.ts';
import { ARCHIVE_KINDS, detectFileKind, MAGIC_PREFIX_BYTES } from './fileMagic.ts';
import { isRefusal, PackageRefusal, printable, refuse, type PackageRefusalCode, type Refusal } from './inspectionRefusal.ts';
import { parseCentralDirectory } from './zipCentralDirectory.ts';
import { checkEntryPath, collisionKey, decodeEntryName } from './zipEntryPath.ts';
import { checkEntryRecord } from './zipEntryRules.ts';
import { verifyEntry } from './zipEntryVerifier.ts';
import { locateEntries, type LocatedEntry } from './zipLocalHeaders.ts';

const MB = 1024 * 1024;

/** The limits of a plugin package (the spec's 20 MB; the rest bound the work a zip can cause). */
export const PACKAGE_LIMITS = {
  maxUploadBytes: 20 * MB,
  maxEntries: 2000,
  maxUncompressedBytes: 100 * MB,
  maxRatio: 100,
  /** Below this size an entry's ratio is not checked: small, repetitive files compress far. */
  ratioFloorBytes: 256 * 1024,
  maxManifestBytes: 1 * MB,
} as const;

const MANIFEST_PATH = 'manifest.json';

export interface PackageDeclared {
  filename: string;
  contentType?: string;
}

export interface AcceptedPackage {
  ok: true;
  /** The upload exactly as received: what gets stored, and what `sha256` is the hash of. */
  bytes: Buffer;
  /** Hex SHA-256 of the upload, the stored version's content hash; the agent checks it before loading. */
  sha256: string;
  size: number;
  manifest: ExtensionManifestSummary;
  files: PackageFile[];
}

/** A file of the package; `content` only when the caller asked to keep the files (unpacking). */
export interface PackageFile {
  path: string;
  size: number;
  content?: Buffer;
}

export type PackageInspection = AcceptedPackage | Refusal<PackageRefusalCode>;

/**
 * Decide whether an uploaded plugin package may be stored. Cheapest checks first, and nothing
 * inflated until every declared header has passed:
 * 1. read at most 20 MB (stopping the stream past it), hashing as it arrives; the magic bytes
 *    decide zip or not, whatever the file name or Content-Type claim;
 * 2. the central directory: entry count, total declared size, then per entry encryption,
 *    method, path, links, nested-archive names and compression ratio;
 * 3. every local header held to its central record, data tiling the file with no overlap or gap;
 * 4. every entry inflated against its declared size and CRC (bounded by step 2, dropped as it
 *    streams), its first bytes sniffed for archives; manifest.json kept and validated.
 */
export async function inspectPackage(source: UploadSource, declared: PackageDeclared): Promise<PackageInspection> {
  const upload = await readBoundedUpload(source, {
    maxBytes: PACKAGE_LIMITS.maxUploadBytes,
    headBytes: MAGIC_PREFIX_BYTES,
    checkHead: (head) => {
      const kind = detectFileKind(head);
      return kind === 'zip' || kind === 'empty-zip';
    },
  });
  if (upload.kind === 'over-limit') {
    return refuse(PackageRefusal.TOO_LARGE, { limit: PACKAGE_LIMITS.maxUploadBytes, receivedAtLeast: upload.receivedBytes });
  }
  if (upload.kind === 'rejected-head') return refuseByKind(upload.head, declared);

  const inspected = await judgeZip(upload.bytes, false);
  if (isRefusal(inspected)) return inspected as Refusal<PackageRefusalCode>;
  return { ok: true, bytes: upload.bytes, sha256: upload.sha256, size: upload.bytes.length, ...inspected };
}

function refuseByKind(head: Buffer, declared: PackageDeclared): Refusal<PackageRefusalCode> {
  const detected = detectFileKind(head);
  if (detected === 'crx') {
    // The spec: a crx must be renamed (so an archive tool opens it), unpacked and re-zipped.
    return refuse(PackageRefusal.IS_CRX, { filename: printable(declared.filename), remedy: 'unpack-and-zip-folder' });
  }
  return refuse(PackageRefusal.NOT_ZIP, {
    detected,
    filename: printable(declared.filename),
    declaredType: printable(declared.contentType ?? ''),
  });
}

/**
 * The same judgement for bytes already in memory (the agent's download): every rule of an
 * upload but the size of the transfer. With `keepFiles`, each file's verified content comes back
 * for unpacking; entries are inflated one at a time, bounded by the declared total.
 */
export async function inspectZip(bytes: Buffer, { keepFiles = false } = {}): Promise<Pick<AcceptedPackage, 'manifest' | 'files'> | Refusal<PackageRefusalCode>> {
  if (bytes.length > PACKAGE_LIMITS.maxUploadBytes) return refuse(PackageRefusal.TOO_LARGE, { limit: PACKAGE_LIMITS.maxUploadBytes, receivedAtLeast: bytes.length });
  const kind = detectFileKind(bytes.subarray(0, MAGIC_PREFIX_BYTES));
  if (kind !== 'zip' && kind !== 'empty-zip') return refuse(PackageRefusal.NOT_ZIP, { detected: kind, filename: '', declaredType: '' });
  return (await judgeZip(bytes, keepFiles)) as Pick<AcceptedPackage, 'manifest' | 'files'> | Refusal<PackageRefusalCode>;
}

async function judgeZip(bytes: Buffer, keepFiles: boolean): Promise<Pick<AcceptedPackage, 'manifest' | 'files'> | Refusal> {
  const directory = parseCentralDirectory(bytes, { maxEntries: PACKAGE_LIMITS.maxEntries });
  if (isRefusal(directory)) return directory;

  const total = directory.entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (total > PACKAGE_LIMITS.maxUncompressedBytes) {
    return refuse(PackageRefusal.TOO_BIG_UNCOMPRESSED, { declared: total, limit: PACKAGE_LIMITS.maxUncompressedBytes });
  }

  const paths: string[] = [];
  for (const record of directory.entries) {
    const name = decodeEntryName(record);
    if (isRefusal(name)) return name;
    const refusal =
      checkEntryPath(name) ??
      checkEntryRecord(record, name, { floorBytes: PACKAGE_LIMITS.ratioFloorBytes, maxRatio: PACKAGE_LIMITS.maxRatio });
    if (refusal) return refusal;
    paths.push(name);
  }
  const collision = findCollision(paths);
  if (collision) return collision;

  const located = locateEntries(bytes, directory);
  if (isRefusal(located)) return located;

  const manifestIndex = paths.indexOf(MANIFEST_PATH);
  if (manifestIndex < 0) {
    // The usual mistake is zipping the folder rather than its contents; say where it was.
    const nested = paths.find((path) => /^[^/]+\/manifest\.json$/.test(path));
    return refuse(PackageRefusal.NO_MANIFEST, nested ? { foundAt: printable(nested) } : {});
  }
  const manifestEntry = located[manifestIndex] as LocatedEntry;
  if (manifestEntry.record.uncompressedSize > PACKAGE_LIMITS.maxManifestBytes) {
    return refuse(PackageRefusal.BAD_MANIFEST, {
      reason: 'too-large',
      declared: manifestEntry.record.uncompressedSize,
      limit: PACKAGE_LIMITS.maxManifestBytes,
    });
  }

  let manifestContent: Buffer | undefined;
  const files: PackageFile[] = [];
  for (const [index, entry] of located.entries()) {
    const path = paths[index] as string;
    if (path.endsWith('/')) continue;
    const verified = await verifyEntry(bytes, entry, printable(path), keepFiles || index === manifestIndex);
    if (isRefusal(verified)) return verified;
    const kind = detectFileKind(verified.head);
    if (ARCHIVE_KINDS.has(kind)) return refuse(PackageRefusal.NESTED_ARCHIVE, { path: printable(path), detected: kind });
    if (index === manifestIndex) manifestContent = verified.content;
    files.push({ path, size: entry.record.uncompressedSize, ...(keepFiles ? { content: verified.content ?? Buffer.alloc(0) } : {}) });
  }

  const manifest = readExtensionManifest(manifestContent ?? Buffer.alloc(0));
  if (isRefusal(manifest)) return manifest;
  return { manifest, files };
}

/** Two entries that would be one file (or a file and a folder) on some agent's file system. */
function findCollision(paths: string[]): Refusal | undefined {
  const files = new Set<string>();
  const seen = new Set<string>();
  for (const path of paths) {
    const key = collisionKey(path);
    if (seen.has(key)) return refuse(PackageRefusal.DUPLICATE_ENTRY, { path: printable(path) });
    seen.add(key);
    if (!path.endsWith('/')) files.add(key);
  }
  for (const path of paths) {
    const segments = collisionKey(path).split('/');
    for (let depth = 1; depth < segments.length; depth++) {
      const parent = segments.slice(0, depth).join('/');
      if (files.has(parent)) return refuse(PackageRefusal.DUPLICATE_ENTRY, { path: printable(path), fileAsFolder: parent });
    }
  }
  return undefined;
}
