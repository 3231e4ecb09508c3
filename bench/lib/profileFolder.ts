import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SyncPart } from '@facet/contracts';
import { BROWSER_PROFILE, filesOf } from '../../apps/agent/src/sync/syncParts.ts';

/** Sizes and copies of a user-data-dir, for the sync bench: what the folder holds against what the sync takes of it. */

/** Bytes of the regular files under `dir` (links not followed). */
export async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await fs.lstat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/** What the sync takes of the folder, in all and by part, as the agent lists it. */
export async function syncedBytes(userDataDir: string, parts: readonly SyncPart[]): Promise<{ total: number; byPart: Record<string, number> }> {
  const byPart: Record<string, number> = {};
  let total = 0;
  for (const file of await filesOf(userDataDir, parts)) {
    byPart[file.part] = (byPart[file.part] ?? 0) + file.size;
    total += file.size;
  }
  return { total, byPart };
}

/** Entries of the folder and of its browser profile holding 100 KiB or more that the sync leaves behind. */
export async function unsyncedEntries(userDataDir: string, parts: readonly SyncPart[]): Promise<{ path: string; bytes: number }[]> {
  const synced = new Set((await filesOf(userDataDir, parts)).map((f) => f.path));
  const out: { path: string; bytes: number }[] = [];
  const top = (await fs.readdir(userDataDir)).filter((name) => name !== BROWSER_PROFILE);
  const inProfile = (await fs.readdir(path.join(userDataDir, BROWSER_PROFILE))).map((name) => `${BROWSER_PROFILE}/${name}`);
  for (const relative of [...top, ...inProfile]) {
    let bytes = 0;
    const full = path.join(userDataDir, relative);
    const stat = await fs.lstat(full);
    const files = stat.isDirectory() ? (await fs.readdir(full, { withFileTypes: true, recursive: true })).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)) : stat.isFile() ? [full] : [];
    for (const file of files) if (!synced.has(path.relative(userDataDir, file).split(path.sep).join('/'))) bytes += (await fs.lstat(file)).size;
    if (bytes >= 100 * 1024) out.push({ path: relative, bytes });
  }
  return out.sort((x, y) => y.bytes - x.bytes);
}

/** Copies only the synced files to `to`: the least a plain copy would have to move. */
export async function copySyncedFiles(userDataDir: string, parts: readonly SyncPart[], to: string): Promise<void> {
  for (const file of await filesOf(userDataDir, parts)) {
    const target = path.join(to, file.path);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.copyFile(path.join(userDataDir, file.path), target);
  }
}

/** The synced files of `a` that `b` lacks or holds other bytes of (or the other way round). */
export async function differingSyncedFiles(a: string, b: string, parts: readonly SyncPart[]): Promise<string[]> {
  const [inA, inB] = await Promise.all([filesOf(a, parts), filesOf(b, parts)]);
  const names = new Set([...inA, ...inB].map((f) => f.path));
  const differ: string[] = [];
  for (const name of names) {
    const [x, y] = await Promise.all([digest(path.join(a, name)), digest(path.join(b, name))]);
    if (x === null || x !== y) differ.push(name);
  }
  return differ.sort();
}

async function digest(file: string): Promise<string | null> {
  try {
    return createHash('sha256').update(await fs.readFile(file)).digest('hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The synced files by folder, largest first: where the synced bytes are, and whether they sit in files Chromium rewrites. */
export async function syncedFolders(userDataDir: string, parts: readonly SyncPart[]): Promise<{ folder: string; files: number; bytes: number }[]> {
  const byFolder = new Map<string, { folder: string; files: number; bytes: number }>();
  for (const file of await filesOf(userDataDir, parts)) {
    const folder = path.posix.dirname(file.path);
    const entry = byFolder.get(folder) ?? { folder, files: 0, bytes: 0 };
    entry.files++;
    entry.bytes += file.size;
    byFolder.set(folder, entry);
  }
  return [...byFolder.values()].sort((x, y) => y.bytes - x.bytes);
}
