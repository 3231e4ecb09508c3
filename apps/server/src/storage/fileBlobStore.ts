import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertBlobKey, assertBlobPrefix, isBlobKey } from './blobKey.ts';
import { BlobTooLarge, type BlobEntry, type BlobStore, type OpenedBlob } from './blobStore.ts';
import { OWNER_ONLY_FILE, OWNER_ONLY_FOLDER } from './ownerOnly.ts';

/** Where writes are prepared; its name cannot be a key (keys never start with a dot). */
export const STAGING_FOLDER = '.incoming';

/**
 * Blobs as files under `<data folder>/blobs/`, the key being the path below it
 * (`plugins/<sha256>` → `blobs/plugins/<sha256>`). So the folder copies into a bucket as it is
 * (`aws s3 sync`, docs/deployment.md) and a backup of the data folder holds every blob. Folders
 * are the owner's alone (0700: their names are profile ids), files 0600 (ownerOnly.ts).
 */
export class FileBlobStore implements BlobStore {
  readonly description: string;
  private readonly staging: string;

  constructor(readonly root: string) {
    this.staging = path.join(root, STAGING_FOLDER);
    this.description = `files in ${root}`;
  }

  private pathOf(key: string): string {
    assertBlobKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  /**
   * Written whole to the staging folder, flushed to disk, then renamed over the key: a rename
   * within one file system is atomic, so a reader or a crash never meets half a blob. The
   * folder is flushed too, or a power cut could forget the rename after the database row naming
   * the blob was committed.
   */
  async put(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(this.staging, { recursive: true, mode: OWNER_ONLY_FOLDER });
    const temporary = path.join(this.staging, `${randomBytes(8).toString('hex')}.tmp`);
    const handle = await fs.open(temporary, 'wx', OWNER_ONLY_FILE);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await this.renameInto(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
    await syncFolder(path.dirname(target));
  }

  /** A delete pruning the now-empty folder may race the rename: make the folder again and retry. */
  private async renameInto(temporary: string, target: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      await fs.mkdir(path.dirname(target), { recursive: true, mode: OWNER_ONLY_FOLDER });
      try {
        return await fs.rename(temporary, target);
      } catch (error) {
        if (errorCode(error) !== 'ENOENT' || attempt >= 3) throw error;
      }
    }
  }

  async open(key: string): Promise<OpenedBlob | null> {
    const handle = await openFile(this.pathOf(key));
    if (!handle) return null;
    // Size and bytes from one open file: a put renaming new bytes over it cannot split them.
    const { size } = await handle.stat();
    return { stream: handle.createReadStream(), size };
  }

  async get(key: string, options: { maxBytes?: number } = {}): Promise<Buffer | null> {
    const handle = await openFile(this.pathOf(key));
    if (!handle) return null;
    try {
      const { size } = await handle.stat();
      if (options.maxBytes !== undefined && size > options.maxBytes) throw new BlobTooLarge(key, size, options.maxBytes);
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  }

  async has(key: string): Promise<boolean> {
    try {
      return (await fs.stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /** Removes the file and the folders it leaves empty, so deleted profiles leave no trail of them. */
  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await fs.rm(file, { force: true });
    for (let folder = path.dirname(file); folder !== this.root && folder.startsWith(this.root + path.sep); folder = path.dirname(folder)) {
      try {
        await fs.rmdir(folder);
      } catch (error) {
        // Not empty (another blob, or a put just made it) or already gone: the pruning stops here.
        if (['ENOTEMPTY', 'EEXIST', 'ENOENT'].includes(errorCode(error) ?? '')) return;
        throw error;
      }
    }
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    for (const key of keys) assertBlobKey(key);
    for (const key of keys) await this.delete(key);
  }

  async *list(prefix: string): AsyncIterable<BlobEntry> {
    assertBlobPrefix(prefix);
    const cut = prefix.lastIndexOf('/');
    yield* this.walk(cut < 0 ? '' : prefix.slice(0, cut), prefix);
  }

  close(): void {
    // Every call opens and closes its own files: nothing is held between calls.
  }

  /** Folders on the way to the prefix, then everything under it; anything not a key is passed by. */
  private async *walk(folderKey: string, prefix: string): AsyncIterable<BlobEntry> {
    const folder = folderKey ? path.join(this.root, ...folderKey.split('/')) : this.root;
    let entries;
    try {
      entries = await fs.readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const key = folderKey ? `${folderKey}/${entry.name}` : entry.name;
      if (!isBlobKey(key)) continue;
      if (entry.isDirectory()) {
        if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) yield* this.walk(key, prefix);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        const size = await sizeOf(path.join(folder, entry.name));
        if (size !== null) yield { key, size };
      }
    }
  }
}

/** An open handle on a regular file, or null when the key holds nothing (or names a folder). */
async function openFile(file: string): Promise<fs.FileHandle | null> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r');
  } catch (error) {
    if (isMissing(error) || errorCode(error) === 'EISDIR') return null;
    throw error;
  }
  if ((await handle.stat()).isFile()) return handle;
  await handle.close();
  return null;
}

async function sizeOf(file: string): Promise<number | null> {
  try {
    return (await fs.stat(file)).size;
  } catch (error) {
    // Deleted between the listing and now: it is no longer there to report.
    if (isMissing(error)) return null;
    throw error;
  }
}

async function syncFolder(folder: string): Promise<void> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(folder, 'r');
  } catch (error) {
    // Windows cannot open a folder for reading (EISDIR, EPERM); NTFS orders its own metadata.
    if (['EISDIR', 'EPERM'].includes(errorCode(error) ?? '')) return;
    throw error;
  }
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

/** ENOTDIR: a part of the key is a file, so the key cannot exist below it. */
function isMissing(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}
