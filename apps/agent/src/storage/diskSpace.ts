import fs from 'node:fs/promises';
import path from 'node:path';

export const BYTES_PER_GB = 1024 ** 3;

/**
 * Bytes an unprivileged program may still write on the filesystem that holds `dir` (statfs
 * `bavail`, not `bfree`: the blocks kept for root do not help a browser). A folder that does not
 * exist yet is measured at its nearest existing ancestor, where it will be created.
 */
export async function freeBytes(dir: string): Promise<number> {
  let at = path.resolve(dir);
  for (;;) {
    try {
      const stats = await fs.statfs(at);
      return stats.bavail * stats.bsize;
    } catch (error) {
      const parent = path.dirname(at);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === at) throw error;
      at = parent;
    }
  }
}
