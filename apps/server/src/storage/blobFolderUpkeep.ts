import fs from 'node:fs/promises';
import path from 'node:path';
import { pluginBlobKey } from './blobKey.ts';
import { STAGING_FOLDER } from './fileBlobStore.ts';
import { OWNER_ONLY_FOLDER, narrowFoldersBelow } from './ownerOnly.ts';

const LEGACY_FOLDER = /^[0-9a-f]{2}$/;
const SHA256 = /^[0-9a-f]{64}$/;
/** A write still staged after a day was cut off by a crash; younger ones may be in progress. */
const STALE_STAGING_MS = 24 * 3600_000;

/**
 * Run when the file store opens, before anything is served. Versions before the BlobStore kept
 * plugin zips at `blobs/<first two hex>/<sha256>`; they move to their key, `blobs/plugins/<sha256>`,
 * each by one rename (atomic, and safe to repeat: a run cut short continues at the next start,
 * and two processes on one folder each skip what the other moved). Also removes staged writes a
 * crash left behind, and narrows folders an older version made 0755 (listable by any user of the
 * machine: their names are profile ids) to the owner. Returns how many plugin blobs moved.
 */
export async function upkeepBlobFolder(root: string, now = Date.now()): Promise<number> {
  await narrowFoldersBelow(root);
  const entries = await readFolder(root);
  let moved = 0;
  for (const entry of entries) {
    if (entry.isDirectory() && LEGACY_FOLDER.test(entry.name)) moved += await adoptLegacyFolder(root, entry.name);
  }
  await removeStaleStaging(path.join(root, STAGING_FOLDER), now);
  return moved;
}

async function adoptLegacyFolder(root: string, name: string): Promise<number> {
  const folder = path.join(root, name);
  let moved = 0;
  for (const entry of await readFolder(folder)) {
    const from = path.join(folder, entry.name);
    if (entry.isFile() && SHA256.test(entry.name) && entry.name.startsWith(name)) {
      const to = path.join(root, ...pluginBlobKey(entry.name).split('/'));
      await fs.mkdir(path.dirname(to), { recursive: true, mode: OWNER_ONLY_FOLDER });
      try {
        // Named by its hash: if the new place already holds it, those are the same bytes.
        await fs.rename(from, to);
        moved += 1;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    } else if (entry.isFile() && entry.name.endsWith('.tmp')) {
      // The old store staged writes beside their target: what is left of one is a crash's.
      await fs.rm(from, { force: true });
    }
  }
  try {
    await fs.rmdir(folder);
  } catch (error) {
    // Something we do not know stays where it was, and so does its folder.
    if (!['ENOTEMPTY', 'EEXIST', 'ENOENT'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
  }
  return moved;
}

async function removeStaleStaging(staging: string, now: number): Promise<void> {
  for (const entry of await readFolder(staging)) {
    const file = path.join(staging, entry.name);
    const stat = await fs.stat(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (stat && now - stat.mtimeMs > STALE_STAGING_MS) await fs.rm(file, { force: true });
  }
}

async function readFolder(folder: string) {
  try {
    return await fs.readdir(folder, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
