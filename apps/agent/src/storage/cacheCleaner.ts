import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CleanCacheResult } from '@facet/contracts';
import { diskUse } from './diskUse.ts';

/**
 * Folders of a user-data-dir that hold only what Chromium rebuilds by itself: the HTTP cache,
 * compiled scripts and GPU shaders. Cookies, Local Storage, IndexedDB, history, extensions and
 * Service Worker (whose CacheStorage is a site's own offline data, not a cache) are never named.
 */
const browserProfileCacheDirs = ['Cache', 'Code Cache', 'GPUCache', 'DawnCache', 'DawnGraphiteCache', 'DawnWebGPUCache'] as const;
const userDataCacheDirs = ['GrShaderCache', 'ShaderCache', 'GraphiteDawnCache', 'GPUPersistentCache'] as const;

/** Chromium's own profiles inside one user-data-dir: Default, Profile 1, … */
const BROWSER_PROFILE = /^(Default|Profile \d+|Guest Profile|System Profile)$/;

/** The folders of Chromium's own profiles in a user-data-dir. */
export async function browserProfileDirs(userDataDir: string): Promise<string[]> {
  const entries = await fs.readdir(userDataDir, { withFileTypes: true });
  return entries.filter((entry) => entry.isDirectory() && BROWSER_PROFILE.test(entry.name)).map((entry) => path.join(userDataDir, entry.name));
}

interface CleanCacheOptions {
  profilesDir: string;
  /** Profiles whose browser this agent runs: their folders are in use and left alone. */
  isRunning: (profileId: string) => boolean;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Whether a Chromium holds the folder: while it runs, `SingletonLock` links to `<host>-<pid>`.
 * A lock left by a crash names a process that is gone; one of another host (a shared folder)
 * cannot be checked and counts as held.
 */
export async function userDataDirInUse(userDataDir: string): Promise<boolean> {
  let target: string;
  try {
    target = await fs.readlink(path.join(userDataDir, 'SingletonLock'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return false;
    if (code === 'EINVAL') return true; // not a link: some other program's file; do not touch
    throw error;
  }
  const match = /^(.*)-(\d+)$/.exec(target);
  if (!match || match[1] !== os.hostname()) return true;
  try {
    process.kill(Number(match[2]), 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A folder or file of a profile, and the bytes it held; 0 when it was not there. */
export async function removeEntry(entry: string): Promise<number> {
  let stats;
  try {
    stats = await fs.lstat(entry);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  // A link is not followed out of the profile: whatever it points at is not ours to delete.
  if (stats.isSymbolicLink()) return 0;
  const bytes = stats.isDirectory() ? await diskUse(entry) : stats.size;
  await fs.rm(entry, { recursive: true, force: true });
  return bytes;
}

async function cleanUserDataDir(userDataDir: string): Promise<number> {
  let freed = 0;
  for (const name of userDataCacheDirs) freed += await removeEntry(path.join(userDataDir, name));
  for (const dir of await browserProfileDirs(userDataDir)) {
    for (const name of browserProfileCacheDirs) freed += await removeEntry(path.join(dir, name));
  }
  return freed;
}

/** One profile's caches once its browser has gone (a start's `clear_cache_after_closing`); 0 bytes while a Chromium still holds the folder. */
export async function clearCaches(userDataDir: string): Promise<number> {
  return (await userDataDirInUse(userDataDir)) ? 0 : cleanUserDataDir(userDataDir);
}

/**
 * Deletes the browser caches of every profile under `profilesDir` whose browser is not running.
 * Only folders that are Chromium user-data-dirs (they hold `Local State`) are looked into, so a
 * profile directory chosen among other files never loses anything but Chromium's caches.
 */
export async function cleanCaches(options: CleanCacheOptions): Promise<CleanCacheResult> {
  let entries: Dirent[];
  try {
    entries = await fs.readdir(options.profilesDir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { freedBytes: 0, cleaned: 0, skippedRunning: 0 };
    throw error;
  }
  const userDataDirs: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const exists = await fs.stat(path.join(options.profilesDir, entry.name, 'Local State')).then(
      (stats) => stats.isFile(),
      () => false,
    );
    if (exists) userDataDirs.push(entry.name);
  }
  const result: CleanCacheResult = { freedBytes: 0, cleaned: 0, skippedRunning: 0 };
  options.onProgress?.(0, userDataDirs.length);
  for (const [index, profileId] of userDataDirs.entries()) {
    const userDataDir = path.join(options.profilesDir, profileId);
    // Asked right before each folder: a profile may have started since the clean began.
    if (options.isRunning(profileId) || (await userDataDirInUse(userDataDir))) {
      result.skippedRunning += 1;
    } else {
      result.freedBytes += await cleanUserDataDir(userDataDir);
      result.cleaned += 1;
    }
    options.onProgress?.(index + 1, userDataDirs.length);
  }
  return result;
}
