import fs from 'node:fs/promises';
import path from 'node:path';
import { syncLimits, type SyncManifest, type SyncPart } from '@facet/contracts';
import { chunkId, type SyncKeys } from './syncCrypto.ts';
import { filesOf, mtimeOf, type LocalFile } from './syncParts.ts';
import type { FileRecord, LocalSyncState } from './localSyncState.ts';
import { SyncRefusal } from './syncRefusal.ts';

/** Where a chunk's plain bytes are on disk, to be read again (and checked) when it is uploaded. */
interface ChunkSource {
  path: string;
  offset: number;
  length: number;
}

interface PackedProfile {
  manifest: SyncManifest;
  /** The chunks the manifest names, each with one place its bytes can be read from. */
  sources: Map<string, ChunkSource>;
  /** Chunks a file kept from the last saved version because it changed while being read: the server has them. */
  carried: Set<string>;
  plainBytes: number;
}

/**
 * A snapshot of the profile's folder as a manifest of chunk names. A file whose size and time
 * match the last saved state keeps its chunks without being read; any other is read in 1 MiB
 * pieces and each piece named by its keyed hash. `live`: the browser is running, so a file
 * that changes while it is read (Chromium writing) keeps its last saved chunks, or is left out
 * of this snapshot if it has none; the snapshot at stop, with the browser gone, reads everything.
 */
export async function packProfile(options: { userDataDir: string; profileId: string; parts: SyncPart[]; keys: SyncKeys; previous: LocalSyncState; tabs: string[]; live: boolean; now: number }): Promise<PackedProfile> {
  const { userDataDir, keys, previous } = options;
  const local = await filesOf(userDataDir, options.parts);
  if (local.length > syncLimits.maxFiles) throw new SyncRefusal('tooLarge', `${local.length} files, more than ${syncLimits.maxFiles}`);
  const plainBytes = local.reduce((n, f) => n + f.size, 0);
  if (plainBytes > syncLimits.maxProfileBytes) throw new SyncRefusal('tooLarge', `${plainBytes} bytes, more than ${syncLimits.maxProfileBytes}`);
  const sources = new Map<string, ChunkSource>();
  const carried = new Set<string>();
  const files: SyncManifest['files'] = [];
  for (const file of local) {
    const known = previous.files[file.path];
    if (known && known.size === file.size && known.mtimeMs === file.mtimeMs) {
      addSources(sources, file, known.chunks);
      files.push({ path: file.path, part: file.part, size: file.size, mtimeMs: file.mtimeMs, chunks: known.chunks });
      continue;
    }
    const read = await readChunks(userDataDir, file, keys);
    if (read === 'changed') {
      if (!options.live) throw new SyncRefusal('badManifest', `${file.path} changed while it was read with the browser closed`);
      if (known && previous.versionId) {
        for (const id of known.chunks) carried.add(id);
        files.push({ path: file.path, part: file.part, size: known.size, mtimeMs: known.mtimeMs, chunks: known.chunks });
      }
      continue;
    }
    if (read === 'gone') continue;
    addSources(sources, read.file, read.chunks);
    files.push({ path: file.path, part: file.part, size: read.file.size, mtimeMs: read.file.mtimeMs, chunks: read.chunks });
  }
  const manifest: SyncManifest = { format: 1, profileId: options.profileId, parts: options.parts, createdAt: options.now, files, tabs: options.parts.includes('tabs') ? options.tabs : [] };
  return { manifest, sources, carried, plainBytes: files.reduce((n, f) => n + f.size, 0) };
}

function addSources(sources: Map<string, ChunkSource>, file: Pick<LocalFile, 'path' | 'size'>, chunks: readonly string[]): void {
  chunks.forEach((id, index) => {
    const offset = index * syncLimits.chunkBytes;
    if (!sources.has(id)) sources.set(id, { path: file.path, offset, length: Math.min(syncLimits.chunkBytes, file.size - offset) });
  });
}

/** The file's chunk names, or 'changed' when its size or time moved while it was read, 'gone' when it vanished. */
async function readChunks(userDataDir: string, file: LocalFile, keys: SyncKeys): Promise<{ file: LocalFile; chunks: string[] } | 'changed' | 'gone'> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(path.join(userDataDir, file.path), 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
  try {
    const before = await handle.stat();
    const chunks: string[] = [];
    const buffer = Buffer.alloc(syncLimits.chunkBytes);
    for (let offset = 0; offset < before.size; offset += syncLimits.chunkBytes) {
      const length = Math.min(syncLimits.chunkBytes, before.size - offset);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      if (bytesRead !== length) return 'changed';
      chunks.push(chunkId(keys, buffer.subarray(0, length)));
    }
    const after = await handle.stat();
    if (after.size !== before.size || after.mtimeMs !== before.mtimeMs) return 'changed';
    return { file: { ...file, size: before.size, mtimeMs: mtimeOf(before) }, chunks };
  } finally {
    await handle.close();
  }
}

/** The plain bytes of a chunk from where the snapshot saw them, checked against its name; null when the file has changed since. */
export async function readSource(userDataDir: string, source: ChunkSource, id: string, keys: SyncKeys): Promise<Buffer | null> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(path.join(userDataDir, source.path), 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const buffer = Buffer.alloc(source.length);
    const { bytesRead } = await handle.read(buffer, 0, source.length, source.offset);
    if (bytesRead !== source.length || chunkId(keys, buffer) !== id) return null;
    return buffer;
  } finally {
    await handle.close();
  }
}

/** The local state after a version made from this snapshot was stored. */
export function stateAfterSave(packed: PackedProfile, previous: LocalSyncState, version: { id: string; number: number }): LocalSyncState {
  const files: Record<string, FileRecord> = {};
  // Parts this version does not carry keep what the state knew of them.
  const carriedParts = new Set(packed.manifest.parts);
  for (const [p, record] of Object.entries(previous.files)) if (!carriedParts.has(record.part)) files[p] = record;
  for (const f of packed.manifest.files) files[f.path] = { part: f.part, size: f.size, mtimeMs: f.mtimeMs, chunks: f.chunks };
  return { format: 1, versionId: version.id, versionNumber: version.number, parts: packed.manifest.parts, files, tabs: packed.manifest.tabs };
}
