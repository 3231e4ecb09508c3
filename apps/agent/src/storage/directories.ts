import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DirectoryListing } from '@facet/contracts';

/** Why a folder could not be listed or used, as the bridge names it. */
export class DirectoryError extends Error {
  constructor(
    readonly reason: 'notFound' | 'notAllowed',
    readonly dir: string,
  ) {
    super(`${reason}: ${dir}`);
  }
}

/** More entries than anyone scrolls through in a picker; the listing says when it stopped. */
const MAX_ENTRIES = 5000;

function classify(error: unknown, dir: string): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return new DirectoryError('notFound', dir);
  if (code === 'EACCES' || code === 'EPERM') return new DirectoryError('notAllowed', dir);
  return error as Error;
}

async function isDirectory(entry: Dirent, full: string): Promise<boolean> {
  if (entry.isDirectory()) return true;
  if (!entry.isSymbolicLink()) return false;
  // A link to a folder is a folder to the person picking; a broken link is nothing.
  return fs.stat(full).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
}

/**
 * The folders inside `dir` (an absolute path; none: the home folder), for the console's folder
 * picker: no files, and no hidden folders unless asked. Nothing is created or changed.
 */
export async function listDirectory(dir: string | undefined, showHidden = false): Promise<DirectoryListing> {
  const target = dir === undefined || dir === '' ? os.homedir() : dir;
  if (!path.isAbsolute(target)) throw new DirectoryError('notAllowed', target);
  const resolved = path.resolve(target);
  let entries: Dirent[];
  try {
    entries = await fs.readdir(resolved, { withFileTypes: true });
  } catch (error) {
    throw classify(error, resolved);
  }
  const names: string[] = [];
  for (const entry of entries) {
    if (!showHidden && entry.name.startsWith('.')) continue;
    if (await isDirectory(entry, path.join(resolved, entry.name))) names.push(entry.name);
  }
  names.sort((a, b) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' }));
  const parent = path.dirname(resolved);
  return { path: resolved, parent: parent === resolved ? null : parent, entries: names.slice(0, MAX_ENTRIES).map((name) => ({ name })), truncated: names.length > MAX_ENTRIES };
}

/**
 * Whether the agent can create folders in `dir`, found by doing it: permission bits say
 * nothing of a read-only mount, an ACL or (as root) of anything at all.
 */
export async function probeWritable(dir: string): Promise<boolean> {
  let probe: string;
  try {
    probe = await fs.mkdtemp(path.join(dir, '.facet-write-check-'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'ENOSPC' || code === 'EDQUOT') return false;
    throw classify(error, dir);
  }
  await fs.rmdir(probe);
  return true;
}
