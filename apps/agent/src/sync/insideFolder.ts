import fs from 'node:fs/promises';
import path from 'node:path';
import { SyncRefusal } from './syncRefusal.ts';

/**
 * The absolute path of a manifest path, checked to stay inside the folder: lexically, and
 * through any link on the way (its nearest existing parent resolves inside the folder too).
 * `root` is the folder's real path. The last segment is never followed: a rename or rm there
 * replaces or removes a link, not what it points to.
 */
export async function insideFolder(root: string, userDataDir: string, relative: string): Promise<string> {
  const target = path.resolve(userDataDir, ...relative.split('/'));
  if (!target.startsWith(path.resolve(userDataDir) + path.sep)) throw new SyncRefusal('badPath', `${relative} leaves the profile's folder`);
  let existing = path.dirname(target);
  for (;;) {
    try {
      const real = await fs.realpath(existing);
      if (real !== root && !real.startsWith(root + path.sep)) throw new SyncRefusal('badPath', `${relative} passes through a link out of the profile's folder`);
      return target;
    } catch (error) {
      if (error instanceof SyncRefusal || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      // A link to nothing: where it leads once its target appears is not known to be inside.
      if (await isLink(existing)) throw new SyncRefusal('badPath', `${relative} passes through a link to nothing`);
      existing = path.dirname(existing);
    }
  }
}

async function isLink(file: string): Promise<boolean> {
  try {
    return (await fs.lstat(file)).isSymbolicLink();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return false;
    throw error;
  }
}
