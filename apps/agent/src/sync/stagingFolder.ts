import fs from 'node:fs/promises';
import path from 'node:path';
import { SYNC_FOLDER } from './localSyncState.ts';

interface StagingFolder {
  path: string;
  /** After a move: the staging folder goes, the sync folder (now holding the state) stays. */
  remove(): Promise<void>;
  /** After a refusal: also every folder made for it, so the profile's folder is as it was found. */
  removeWithMade(): Promise<void>;
}

/**
 * Where a version is downloaded before it is moved in: `.facet-sync/incoming`, on the profile's
 * disk so the move is a rename, made fresh (a crash may have left one). On a machine that never
 * ran the profile it makes the sync folder, and the profile's folder too.
 */
export async function makeStagingFolder(userDataDir: string): Promise<StagingFolder> {
  const syncFolder = path.resolve(userDataDir, SYNC_FOLDER);
  const staging = path.join(syncFolder, 'incoming');
  const made = await fs.mkdir(syncFolder, { recursive: true, mode: 0o700 });
  await fs.rm(staging, { recursive: true, force: true });
  await fs.mkdir(staging, { mode: 0o700 });
  const remove = () => fs.rm(staging, { recursive: true, force: true });
  return {
    path: staging,
    remove,
    async removeWithMade() {
      if (!made) return remove();
      // The sync folder is ours whole; a folder above it only while empty (another start may be filling the profiles folder).
      await fs.rm(syncFolder, { recursive: true, force: true });
      const first = path.resolve(made);
      for (let dir = path.dirname(syncFolder); dir.startsWith(first); dir = path.dirname(dir)) {
        try {
          await fs.rmdir(dir);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOTEMPTY' || (error as NodeJS.ErrnoException).code === 'EEXIST') return;
          throw error;
        }
      }
    },
  };
}
