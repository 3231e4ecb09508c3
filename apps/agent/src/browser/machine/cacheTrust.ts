import fs from 'node:fs';

/**
 * What the agent built into the user's cache (a platform build, the WebGL image driver) is run
 * as this user, inside Chromium: only if this user alone could have put it there (the cache, the
 * build's folder and its files owned by this user, writable by no one else, each file a file and
 * not a link). Otherwise it is refused, not repaired: someone else has had a hand in the folder.
 * Returns the first file.
 */
export function trustedBuild(cacheDir: string, dir: string, ...files: [string, ...string[]]): string {
  const uid = process.getuid?.();
  for (const entry of [cacheDir, dir, ...files]) {
    const stats = fs.lstatSync(entry);
    const ours = uid === undefined || stats.uid === uid;
    const kind = files.includes(entry) ? stats.isFile() : stats.isDirectory();
    if (!ours || !kind || (stats.mode & 0o022) !== 0) throw new Error(`${entry} is not this user's alone (owner ${stats.uid}, mode ${(stats.mode & 0o7777).toString(8)}): not run`);
  }
  return files[0];
}
