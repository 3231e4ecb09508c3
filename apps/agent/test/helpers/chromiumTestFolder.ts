import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Tests: a Chromium user-data-dir as a profile leaves it, with what each sync part holds and what no part may carry. */

export const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';

/**
 * Given to fixture files. utimes takes it as a double of seconds and stores 1700862650654.999 ms
 * on Linux: a time restored this way must still read as this one.
 */
export const FIXTURE_MTIME_MS = 1700862650655;
/** What Chromium's writes leave: a time with a fraction of a millisecond (a manifest keeps whole ones). */
export const CHROMIUM_MTIME_MS = FIXTURE_MTIME_MS + 0.3;

/** Synced files of the fixture, by part (the IndexedDB log is random: it does not compress). */
export const fixtureFiles = {
  site: [
    'Default/Local Storage/leveldb/000003.log',
    'Default/Local Storage/leveldb/CURRENT',
    'Default/IndexedDB/http_127.0.0.1_8000.indexeddb.leveldb/000003.log',
    'Default/IndexedDB/http_127.0.0.1_8000.indexeddb.leveldb/CURRENT',
    'Default/Service Worker/Database/000003.log',
  ],
  bookmarks: ['Default/Bookmarks'],
  history: ['Default/History', 'Default/History-journal'],
  passwords: ['Default/Login Data'],
  extensions: [`Default/Local Extension Settings/${EXTENSION_ID}/000003.log`, `Default/IndexedDB/chrome-extension_${EXTENSION_ID}_0.indexeddb.leveldb/000003.log`],
} as const;

/** Files of the fixture no part carries: caches (5 MB of them) and Chromium's own settings. */
export const unsyncedFiles = ['Default/Cache/Cache_Data/data_1', 'Default/Code Cache/js/index', 'Default/Code Cache/js/0a1b2c_0', 'Default/GPUCache/data_0', 'Default/Service Worker/CacheStorage/4f2e/index', 'Default/Preferences', 'Local State'];

export const CACHE_FILE = 'Default/Cache/Cache_Data/data_1';
export const CACHE_BYTES = 5 * 1024 * 1024;

export function syncedFixtureFiles(): string[] {
  return Object.values(fixtureFiles).flat().sort();
}

const INDEXED_DB_LOG = 'Default/IndexedDB/http_127.0.0.1_8000.indexeddb.leveldb/000003.log';

const contents: Record<string, () => Buffer> = {
  'Default/Bookmarks': () => Buffer.from(JSON.stringify({ roots: { bookmark_bar: { children: [{ name: 'Facet', url: 'http://127.0.0.1:8000/' }] } }, version: 1 })),
  'Default/History': () => Buffer.concat([Buffer.from('SQLite format 3\0'), randomBytes(64 * 1024)]),
  'Default/History-journal': () => Buffer.alloc(0),
  'Default/Login Data': () => Buffer.concat([Buffer.from('SQLite format 3\0'), randomBytes(16 * 1024)]),
};

/**
 * Writes the fixture profile into `root` (an empty folder): 3 MiB of site storage and a 5 MB cache,
 * or less where a test needs neither size (the refusal tests: every test builds two machines).
 */
export function writeChromiumProfile(root: string, sizes: { indexedDbBytes: number; cacheBytes: number } = { indexedDbBytes: 3 * 1024 * 1024, cacheBytes: CACHE_BYTES }): void {
  for (const relative of [...syncedFixtureFiles(), ...unsyncedFiles]) {
    const random = relative === INDEXED_DB_LOG ? sizes.indexedDbBytes : relative === CACHE_FILE ? sizes.cacheBytes : null;
    const bytes = random === null ? contents[relative]?.() : randomBytes(random);
    writeFixtureFile(root, relative, bytes ?? Buffer.from(`${relative}\n${randomBytes(512).toString('hex')}`), CHROMIUM_MTIME_MS);
  }
}

/** Writes one file (its folders too) and gives it FIXTURE_MTIME_MS, or the time asked. */
export function writeFixtureFile(root: string, relative: string, bytes: Buffer, mtimeMs = FIXTURE_MTIME_MS): void {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  // Seconds as a number, as a Date would drop a fraction of a millisecond.
  fs.utimesSync(file, mtimeMs / 1000, mtimeMs / 1000);
}

export function sha256Of(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

export type TreeEntry = { path: string; kind: 'dir' } | { path: string; kind: 'file'; sha256: string; mtimeMs: number; mode: number } | { path: string; kind: 'link'; target: string };

/** Everything under `root` (links not followed): what a refused apply must leave exactly as it found it. */
export function treeDigest(root: string): TreeEntry[] {
  const out: TreeEntry[] = [];
  const visit = (relative: string) => {
    for (const name of fs.readdirSync(path.join(root, relative)).sort()) {
      const child = relative ? `${relative}/${name}` : name;
      const full = path.join(root, child);
      const stat = fs.lstatSync(full);
      if (stat.isSymbolicLink()) out.push({ path: child, kind: 'link', target: fs.readlinkSync(full) });
      else if (stat.isDirectory()) {
        out.push({ path: child, kind: 'dir' });
        visit(child);
      } else out.push({ path: child, kind: 'file', sha256: sha256Of(full), mtimeMs: stat.mtimeMs, mode: stat.mode });
    }
  };
  visit('');
  return out;
}
