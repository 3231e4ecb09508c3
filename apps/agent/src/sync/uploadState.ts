import { syncLimits, type SyncPart, type SyncVersion } from '@facet/contracts';
import { packProfile, readSource, stateAfterSave } from './packProfile.ts';
import { readSyncState, writeSyncState } from './localSyncState.ts';
import { chunkId, sealChunk, type SyncKeys } from './syncCrypto.ts';
import { SyncRefusal } from './syncRefusal.ts';
import type { SyncProgress, SyncTransport } from './syncTransport.ts';

/** Bytes per upload request: several chunks framed together, well under the server's 32 MB. */
const REQUEST_BYTES = 8 * 1024 * 1024;

export interface SaveResult {
  version: SyncVersion;
  conflictWith: SyncVersion | null;
  /** Sealed bytes sent; 0 when the server had every chunk. */
  uploadedBytes: number;
  plainBytes: number;
}

/** A snapshot changed under the save (the browser wrote while it uploaded): tried again at the next save. */
class SnapshotChanged extends Error {
  constructor(readonly path: string) {
    super(`${path} changed during the save`);
    this.name = 'SnapshotChanged';
  }
}

/**
 * Saves the profile's folder as a new version: snapshot, ask which chunks the server lacks,
 * seal and upload those, then commit the manifest. The local state records the version only
 * after the commit, so a save cut off anywhere is simply made again.
 */
export async function uploadState(options: {
  userDataDir: string;
  profileId: string;
  parts: SyncPart[];
  keys: SyncKeys;
  tabs: string[];
  live: boolean;
  transport: SyncTransport;
  onProgress?: (progress: SyncProgress) => void;
  now?: number;
}): Promise<SaveResult> {
  const { userDataDir, profileId, keys, transport } = options;
  const previous = await readSyncState(userDataDir);
  const packed = await packProfile({ userDataDir, profileId, parts: options.parts, keys, previous, tabs: options.tabs, live: options.live, now: options.now ?? Date.now() });
  const manifestPlain = Buffer.from(JSON.stringify(packed.manifest));
  const manifestId = chunkId(keys, manifestPlain);
  const manifestSealed = await sealChunk(keys, profileId, manifestId, manifestPlain);
  // The manifest travels and is stored as one chunk: a folder of so many files that its list
  // outgrows a chunk is refused here, with the count, rather than by the server's frame limit.
  if (manifestSealed.length > syncLimits.maxSealedChunkBytes) throw new SyncRefusal('tooLarge', `the list of ${packed.manifest.files.length} files is ${manifestSealed.length} bytes sealed, more than one chunk may hold`);
  const allIds = [...new Set([...packed.manifest.files.flatMap((f) => f.chunks), manifestId])];
  // The plain size stands in for the sealed one (compression barely grows incompressible bytes, the header adds 36).
  const sizeOf = (id: string) => (id === manifestId ? manifestSealed.length : Math.min(syncLimits.maxSealedChunkBytes, (packed.sources.get(id)?.length ?? syncLimits.chunkBytes) + 64));
  const missing = new Set<string>();
  for (let i = 0; i < allIds.length; i += syncLimits.maxChunksPerVersion) {
    const part = allIds.slice(i, i + syncLimits.maxChunksPerVersion);
    for (const id of await transport.missing(profileId, part.map((id) => ({ id, size: sizeOf(id) })))) missing.add(id);
  }
  const totalBytes = [...missing].reduce((n, id) => n + sizeOf(id), 0);
  let doneBytes = 0;
  let uploadedBytes = 0;
  options.onProgress?.({ direction: 'upload', doneBytes, totalBytes });
  let batch: { id: string; bytes: Buffer }[] = [];
  let batchBytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await transport.put(profileId, batch);
    uploadedBytes += batchBytes;
    doneBytes += batch.reduce((n, c) => n + sizeOf(c.id), 0);
    options.onProgress?.({ direction: 'upload', doneBytes: Math.min(doneBytes, totalBytes), totalBytes });
    batch = [];
    batchBytes = 0;
  };
  for (const id of missing) {
    let sealed: Buffer;
    if (id === manifestId) sealed = manifestSealed;
    else {
      const source = packed.sources.get(id);
      // A carried chunk the server no longer has, or bytes that moved since the snapshot: the next save tries again.
      const plain = source ? await readSource(userDataDir, source, id, keys) : null;
      if (!plain) throw new SnapshotChanged(source?.path ?? id);
      sealed = await sealChunk(keys, profileId, id, plain);
    }
    batch.push({ id, bytes: sealed });
    batchBytes += sealed.length;
    if (batchBytes >= REQUEST_BYTES) await flush();
  }
  await flush();
  // Every reference with its repeats: the server counts the version's size from them.
  const references = [...packed.manifest.files.flatMap((f) => f.chunks), manifestId];
  const { version, conflictWith } = await transport.commit(profileId, { baseVersionId: previous.versionId, manifestChunk: manifestId, chunks: references, files: packed.manifest.files.length, parts: packed.manifest.parts, plainBytes: packed.plainBytes });
  await writeSyncState(userDataDir, stateAfterSave(packed, previous, version));
  return { version, conflictWith, uploadedBytes, plainBytes: packed.plainBytes };
}
