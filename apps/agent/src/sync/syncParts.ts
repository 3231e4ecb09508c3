import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SyncOptions, SyncPart } from '@facet/contracts';

/** Chromium's profile inside the user-data-dir: the agent starts every browser on it. */
export const BROWSER_PROFILE = 'Default';

/**
 * What each part is, as folders and files of Chromium's profile. Cookies are not here: they
 * travel in the profile's sealed cookie field (read over CDP at stop, set at start), which the
 * console also imports and exports.
 */
const partEntries: Record<SyncPart, readonly string[]> = {
  // Not Session Storage: sessionStorage lives as long as its tab, and tabs come back by URL.
  site: [
    'Local Storage',
    'IndexedDB',
    'File System',
    'Service Worker/Database',
    'shared_proto_db',
    'WebStorage',
    'databases',
    'Network/TransportSecurity',
    'Network/Trust Tokens',
  ],
  // Open tabs travel as the manifest's URL list: the agent reopens them, each given the identity first.
  tabs: [],
  bookmarks: ['Bookmarks'],
  history: ['History', 'History-journal', 'Visited Links', 'Top Sites', 'Top Sites-journal', 'Favicons', 'Favicons-journal', 'Shortcuts', 'Shortcuts-journal', 'Network Action Predictor', 'Network Action Predictor-journal'],
  passwords: ['Login Data', 'Login Data-journal', 'Login Data For Account', 'Login Data For Account-journal'],
  extensions: ['Local Extension Settings', 'Sync Extension Settings', 'Managed Extension Settings', 'Extension State', 'Extension Rules', 'Extension Scripts'],
};

/**
 * Never synced, wherever they appear: what Chromium rebuilds by itself (HTTP cache, compiled
 * code, shaders) and a service worker's Cache Storage, which its site fills again.
 */
const caches = new Set(['Cache', 'Code Cache', 'GPUCache', 'DawnCache', 'DawnGraphiteCache', 'DawnWebGPUCache', 'CacheStorage', 'ScriptCache', 'blob_storage']);

/**
 * Files of LevelDB that are not the data: its diagnostic logs and its lock, both made anew when a
 * database opens. Every session changes them, so they would travel at every save for nothing.
 */
const notState = new Set(['LOG', 'LOG.old', 'LOCK']);

/** IndexedDB of an extension belongs with the extensions, not the sites. */
const EXTENSION_IDB = /^chrome-extension_/;

/** The parts a profile's sync options name (spec §3): `cookies` brings the site storage along. */
export function partsOf(options: SyncOptions): SyncPart[] {
  const parts: SyncPart[] = [];
  if (options.cookies) parts.push('site');
  if (options.tabs) parts.push('tabs');
  if (options.bookmarks) parts.push('bookmarks');
  if (options.history) parts.push('history');
  if (options.passwords) parts.push('passwords');
  if (options.extensions) parts.push('extensions');
  return parts;
}

/** Which part a manifest path belongs to, or null for a path no part may write (what a bad archive would name). */
export function partOfPath(relative: string): SyncPart | null {
  const segments = relative.split('/');
  if (segments[0] !== BROWSER_PROFILE || segments.length < 2 || segments.some((s) => caches.has(s)) || notState.has(segments.at(-1)!)) return null;
  const inside = segments.slice(1).join('/');
  if (segments[1] === 'IndexedDB' && segments.length > 2 && EXTENSION_IDB.test(segments[2]!)) return 'extensions';
  for (const part of Object.keys(partEntries) as SyncPart[]) {
    if (partEntries[part].some((entry) => inside === entry || inside.startsWith(`${entry}/`))) return part;
  }
  return null;
}

/**
 * A file's time in whole ms, as manifests and the local state record it. Rounded, not floored:
 * utimes takes a time as a double of seconds, so a file given 1700862650655 ms reads back as
 * 1700862650654.999, and floored every downloaded file would look changed since its download.
 */
export function mtimeOf(stat: { mtimeMs: number }): number {
  return Math.round(stat.mtimeMs);
}

export interface LocalFile {
  /** Relative to the user-data-dir, forward slashes: `Default/IndexedDB/…`. */
  path: string;
  part: SyncPart;
  size: number;
  mtimeMs: number;
}

/** The regular files of these parts in a user-data-dir (links and special files are never followed or taken). */
export async function filesOf(userDataDir: string, parts: readonly SyncPart[]): Promise<LocalFile[]> {
  const out: LocalFile[] = [];
  const wanted = new Set(parts);
  const visit = async (relative: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(path.join(userDataDir, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return;
      throw error;
    }
    for (const entry of entries) {
      const child = `${relative}/${entry.name}`;
      if (caches.has(entry.name)) continue;
      if (entry.isDirectory()) await visit(child);
      else if (entry.isFile()) await take(child);
    }
  };
  const take = async (relative: string): Promise<void> => {
    const part = partOfPath(relative);
    if (!part || !wanted.has(part)) return;
    try {
      const stat = await fs.lstat(path.join(userDataDir, relative));
      if (stat.isFile()) out.push({ path: relative, part, size: stat.size, mtimeMs: mtimeOf(stat) });
    } catch (error) {
      // Gone between the listing and now (Chromium deleting a journal): not part of this snapshot.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  };
  for (const part of parts) {
    for (const entry of partEntries[part]) {
      const relative = `${BROWSER_PROFILE}/${entry}`;
      let stat;
      try {
        stat = await fs.lstat(path.join(userDataDir, relative));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      if (stat.isDirectory()) await visit(relative);
      else if (stat.isFile()) await take(relative);
    }
  }
  // IndexedDB is walked once, by `site`; an extensions-only sync walks it for the extensions' folders.
  if (wanted.has('extensions') && !wanted.has('site')) await visit(`${BROWSER_PROFILE}/IndexedDB`);
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
