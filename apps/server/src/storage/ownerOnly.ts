import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The data folder holds the database, the master key, mail with sign-up codes and every
 * profile's stored state: no other user of the machine may list or read any of it. Folders are
 * made 0700 and files 0600; what an older version (or a copy under another umask) left wider is
 * narrowed at start: group and other lose every bit, the owner keeps what it had.
 */
export const OWNER_ONLY_FOLDER = 0o700;
export const OWNER_ONLY_FILE = 0o600;

/** Windows has no such modes (chmod only sets read-only there): its folders inherit ACLs. */
const posix = process.platform !== 'win32';

/** Takes group and other bits off one folder or file; true when it had any. Symbolic links are left alone. */
async function narrowToOwner(file: string): Promise<boolean> {
  if (!posix) return false;
  const stat = await fs.lstat(file);
  if (stat.isSymbolicLink() || (stat.mode & 0o077) === 0) return false;
  await fs.chmod(file, stat.mode & 0o700);
  return true;
}

/** Every folder below `root` (and `root`), narrowed; files are left as they are. How many changed. */
export async function narrowFoldersBelow(root: string): Promise<number> {
  let narrowed = 0;
  const pending = [root];
  for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
    let entries;
    try {
      entries = await fs.readdir(folder, { withFileTypes: true });
    } catch (error) {
      // Removed meanwhile (a delete pruning an empty folder): nothing left to narrow.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    if (await narrowToOwner(folder)) narrowed += 1;
    for (const entry of entries) if (entry.isDirectory()) pending.push(path.join(folder, entry.name));
  }
  return narrowed;
}

/**
 * At start: the data folder made (0700) if missing; it, every folder in it and every file at
 * its top and in its small folders (secrets, outbox) narrowed to the owner. The blob store's
 * tree is narrowed folder by folder by its own upkeep (blobFolderUpkeep.ts): its files are
 * written 0600 and sit behind those folders. Returns how many entries were narrowed.
 */
export async function ownerOnlyDataFolder(dataDir: string, blobFolder = 'blobs'): Promise<number> {
  await fs.mkdir(dataDir, { recursive: true, mode: OWNER_ONLY_FOLDER });
  let narrowed = (await narrowToOwner(dataDir)) ? 1 : 0;
  for (const entry of await fs.readdir(dataDir, { withFileTypes: true })) {
    const full = path.join(dataDir, entry.name);
    if (entry.isFile()) narrowed += (await narrowToOwner(full)) ? 1 : 0;
    if (!entry.isDirectory()) continue;
    narrowed += (await narrowToOwner(full)) ? 1 : 0;
    if (entry.name === blobFolder) continue;
    for (const inner of await fs.readdir(full, { withFileTypes: true })) {
      if (inner.isFile() || inner.isDirectory()) narrowed += (await narrowToOwner(path.join(full, inner.name))) ? 1 : 0;
    }
  }
  return narrowed;
}
