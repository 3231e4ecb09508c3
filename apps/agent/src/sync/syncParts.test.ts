import fs from 'node:fs';
import path from 'node:path';
import { syncOptionsSchema } from '@facet/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { EXTENSION_ID, FIXTURE_MTIME_MS, fixtureFiles, writeChromiumProfile, writeFixtureFile } from '../../test/helpers/chromiumTestFolder.ts';
import { TempFolders } from '../../test/helpers/tempFolders.ts';
import { filesOf, partOfPath, partsOf } from './syncParts.ts';

const folders = new TempFolders('sync');
afterEach(() => folders.removeAll());

describe('partOfPath', () => {
  it.each([
    ['Default/Local Storage/leveldb/000003.log', 'site'],
    ['Default/IndexedDB/http_127.0.0.1_8000.indexeddb.leveldb/000003.log', 'site'],
    ['Default/Service Worker/Database/000003.log', 'site'],
    ['Default/Bookmarks', 'bookmarks'],
    ['Default/History', 'history'],
    ['Default/History-journal', 'history'],
    ['Default/Login Data', 'passwords'],
    [`Default/Local Extension Settings/${EXTENSION_ID}/000003.log`, 'extensions'],
    [`Default/IndexedDB/chrome-extension_${EXTENSION_ID}_0.indexeddb.leveldb/000003.log`, 'extensions'],
  ])('%s belongs to %s', (relative, part) => {
    expect(partOfPath(relative)).toBe(part);
  });

  it.each([
    'Default/Preferences',
    'Default/Cache/Cache_Data/data_1',
    'Default/Code Cache/js/index',
    'Default/Service Worker/CacheStorage/4f2e/index',
    // A cache folder inside a part's folder is still a cache.
    'Default/IndexedDB/Cache/000003.log',
    'Local State',
    'Profile 1/Bookmarks',
    'Default',
    // A name that only starts like a part's file is not that file.
    'Default/Bookmarks.bak',
    'Default/Local Storage2/x',
    // LevelDB's logs and lock are made anew at every open; sessionStorage dies with its tabs.
    'Default/Local Storage/leveldb/LOG',
    'Default/Local Storage/leveldb/LOG.old',
    'Default/IndexedDB/http_127.0.0.1_8000.indexeddb.leveldb/LOCK',
    'Default/Session Storage/000003.log',
  ])('%s belongs to no part', (relative) => {
    expect(partOfPath(relative)).toBeNull();
  });
});

describe('partsOf', () => {
  it('names the parts of the sync options, cookies bringing the site storage', () => {
    expect(partsOf(syncOptionsSchema.parse({ cookies: true, bookmarks: true, passwords: true, extensions: false }))).toEqual(['site', 'bookmarks', 'passwords']);
    expect(partsOf(syncOptionsSchema.parse({ cookies: false, extensions: false }))).toEqual([]);
  });
});

describe('filesOf', () => {
  it('lists the files of the parts asked, never caches or unsynced files, with size and time', async () => {
    const dir = folders.make('parts');
    writeChromiumProfile(dir);
    const all = await filesOf(dir, ['site', 'tabs', 'bookmarks', 'history', 'passwords', 'extensions']);
    expect(all.map((f) => f.path)).toEqual(Object.values(fixtureFiles).flat().sort());
    const bookmarks = all.find((f) => f.path === 'Default/Bookmarks');
    expect(bookmarks).toMatchObject({ part: 'bookmarks', size: fs.statSync(path.join(dir, 'Default/Bookmarks')).size, mtimeMs: FIXTURE_MTIME_MS });
  });

  it('takes only the parts asked; an extensions-only list still finds the extensions inside IndexedDB', async () => {
    const dir = folders.make('parts');
    writeChromiumProfile(dir);
    expect((await filesOf(dir, ['bookmarks'])).map((f) => f.path)).toEqual(['Default/Bookmarks']);
    expect((await filesOf(dir, ['extensions'])).map((f) => f.path)).toEqual([...fixtureFiles.extensions].sort());
    expect((await filesOf(dir, ['site'])).map((f) => f.path)).toEqual([...fixtureFiles.site].sort());
  });

  it('gives back a time restored to the millisecond as that millisecond', async () => {
    // utimes stores FIXTURE_MTIME_MS as …654.999 ms: read down, the folder would look changed after every download.
    const dir = folders.make('parts');
    writeFixtureFile(dir, 'Default/Bookmarks', Buffer.from('{}'));
    expect(fs.statSync(path.join(dir, 'Default/Bookmarks')).mtimeMs).not.toBe(FIXTURE_MTIME_MS);
    expect((await filesOf(dir, ['bookmarks']))[0]?.mtimeMs).toBe(FIXTURE_MTIME_MS);
  });

  it('follows no link: a linked folder or file of a part is not taken', async () => {
    const dir = folders.make('parts');
    const elsewhere = folders.make('elsewhere');
    writeFixtureFile(elsewhere, 'leveldb/000003.log', Buffer.from('outside'));
    writeFixtureFile(elsewhere, 'Bookmarks', Buffer.from('{}'));
    fs.mkdirSync(path.join(dir, 'Default/IndexedDB'), { recursive: true });
    fs.symlinkSync(elsewhere, path.join(dir, 'Default/Local Storage'));
    fs.symlinkSync(elsewhere, path.join(dir, 'Default/IndexedDB/http_127.0.0.1_8000.indexeddb.leveldb'));
    fs.symlinkSync(path.join(elsewhere, 'Bookmarks'), path.join(dir, 'Default/Bookmarks'));
    expect(await filesOf(dir, ['site', 'bookmarks'])).toEqual([]);
  });

  it('lists nothing for a folder without a profile', async () => {
    expect(await filesOf(folders.make('empty'), ['site', 'bookmarks', 'history', 'passwords', 'extensions'])).toEqual([]);
    expect(await filesOf(path.join(folders.make('empty'), 'absent'), ['site'])).toEqual([]);
  });
});
