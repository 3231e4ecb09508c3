import fs from 'node:fs/promises';
import path from 'node:path';
import type { SyncManifest, SyncVersion } from '@facet/contracts';
import { insideFolder } from './insideFolder.ts';
import { readSyncState, SYNC_FOLDER, writeSyncState, type FileRecord, type LocalSyncState } from './localSyncState.ts';
import { MANIFEST_MAX_PLAIN_BYTES, readManifest } from './readManifest.ts';
import { readEvery, stageFiles } from './stageFiles.ts';
import { makeStagingFolder } from './stagingFolder.ts';
import { openChunk, type SyncKeys } from './syncCrypto.ts';
import { SyncRefusal } from './syncRefusal.ts';
import { filesOf, type LocalFile } from './syncParts.ts';
import type { SyncProgress, SyncTransport } from './syncTransport.ts';

type ManifestFile = SyncManifest['files'][number];

/** Present while a version is being moved into the folder: a crash there means download it again. */
const APPLYING = 'applying';

export async function applyInterrupted(userDataDir: string): Promise<boolean> {
  try {
    await fs.access(path.join(userDataDir, SYNC_FOLDER, APPLYING));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * Brings a stored version into the profile's folder before Chromium starts. Every path it will
 * write or remove is checked first, then everything is downloaded, opened and checked into a
 * staging folder; only a version that is whole and sound is moved in, so a refused one (damaged,
 * altered, too large, a path outside the profile) leaves the folder exactly as it was. Files the
 * folder already holds as that version are kept; parts the version does not carry are left alone.
 * It writes no more than the server counted for the version (`head.plainBytes`): a manifest that
 * names one stored chunk many times to write far more than was stored is refused (issue 34).
 */
export async function applyState(options: { userDataDir: string; profileId: string; head: SyncVersion; keys: SyncKeys; transport: SyncTransport; onProgress?: (progress: SyncProgress) => void }): Promise<{ manifest: SyncManifest; downloadedBytes: number }> {
  const { userDataDir, profileId, head, keys, transport } = options;
  const previous = await readSyncState(userDataDir);
  const sealedManifest = (await readEvery(transport, profileId, [head.manifestChunk])).get(head.manifestChunk)!;
  const manifest = readManifest(await openChunk(keys, profileId, head.manifestChunk, sealedManifest, MANIFEST_MAX_PLAIN_BYTES), profileId);
  const writes = manifest.files.reduce((n, f) => n + f.size, 0);
  if (writes > head.plainBytes) throw new SyncRefusal('overCounted', `the manifest writes ${writes} bytes, the server counted ${head.plainBytes}`);
  const local = new Map((await filesOf(userDataDir, manifest.parts)).map((f) => [f.path, f]));
  const fetch = manifest.files.filter((f) => !alreadyHere(previous, local.get(f.path), f));
  const inVersion = new Set(manifest.files.map((f) => f.path));
  const stale = [...local.keys()].filter((p) => !inVersion.has(p));

  const staging = await makeStagingFolder(userDataDir);
  let moving = false;
  try {
    const root = await fs.realpath(userDataDir);
    // Before a byte is downloaded: a path that would write through a link out of the folder refuses the whole version.
    for (const relative of [...fetch.map((f) => f.path), ...stale]) await insideFolder(root, userDataDir, relative);
    const { staged, downloadedBytes } = await stageFiles({ staging: staging.path, files: fetch, profileId, keys, transport, budgetBytes: head.plainBytes, onProgress: options.onProgress });

    // Whole and sound: now the folder changes. From here a failure leaves the marker, and the next prepare downloads again.
    moving = true;
    await fs.writeFile(path.join(userDataDir, SYNC_FOLDER, APPLYING), head.id, { mode: 0o600 });
    for (const relative of stale) await fs.rm(await insideFolder(root, userDataDir, relative), { force: true });
    for (const file of fetch) {
      const target = await insideFolder(root, userDataDir, file.path);
      await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      // Again after the mkdir: a link put on the way since the check above is caught here.
      await insideFolder(root, userDataDir, file.path);
      await fs.rename(staged.get(file.path)!, target);
      const time = new Date(file.mtimeMs);
      await fs.utimes(target, time, time);
    }
    await writeSyncState(userDataDir, stateAfterApply(previous, manifest, head));
    await fs.rm(path.join(userDataDir, SYNC_FOLDER, APPLYING), { force: true });
    return { manifest, downloadedBytes: sealedManifest.length + downloadedBytes };
  } catch (error) {
    if (!moving) await staging.removeWithMade();
    throw error;
  } finally {
    await staging.remove();
  }
}

/** The folder holds this file as the version has it: as this machine last saved or downloaded it, unchanged since. */
function alreadyHere(previous: LocalSyncState, here: LocalFile | undefined, file: ManifestFile): boolean {
  const known = previous.files[file.path];
  return !!known && !!here && here.size === known.size && here.mtimeMs === known.mtimeMs && known.chunks.length === file.chunks.length && known.chunks.every((id, i) => id === file.chunks[i]);
}

/** The local state once the version is in: its files, and what the state knew of parts it does not carry. */
function stateAfterApply(previous: LocalSyncState, manifest: SyncManifest, head: SyncVersion): LocalSyncState {
  const files: Record<string, FileRecord> = {};
  const carriedParts = new Set(manifest.parts);
  for (const [p, record] of Object.entries(previous.files)) if (!carriedParts.has(record.part)) files[p] = record;
  for (const file of manifest.files) files[file.path] = { part: file.part, size: file.size, mtimeMs: file.mtimeMs, chunks: file.chunks };
  return { format: 1, versionId: head.id, versionNumber: head.number, parts: manifest.parts, files, tabs: manifest.parts.includes('tabs') ? manifest.tabs : previous.tabs };
}
