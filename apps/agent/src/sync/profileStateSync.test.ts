import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SyncManifest, SyncPart, SyncVersion } from '@facet/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyState } from './applyState.ts';
import { CACHE_BYTES, CACHE_FILE, EXTENSION_ID, FIXTURE_MTIME_MS, sha256Of, syncedFixtureFiles, treeDigest, unsyncedFiles, writeChromiumProfile, writeFixtureFile } from '../../test/helpers/chromiumTestFolder.ts';
import { TempFolders } from '../../test/helpers/tempFolders.ts';
import { SYNC_FOLDER } from './localSyncState.ts';
import { MemorySyncTransport } from '../../test/helpers/memorySyncTransport.ts';
import { MANIFEST_MAX_PLAIN_BYTES } from './readManifest.ts';
import { ProfileStateSync } from './profileStateSync.ts';
import { chunkId, openChunk, syncKeys } from './syncCrypto.ts';

const PROFILE = 'k3x9q2mz';
const ALL_PARTS: SyncPart[] = ['site', 'tabs', 'bookmarks', 'history', 'passwords', 'extensions'];
const syncKey = randomBytes(32).toString('base64url');
const keys = syncKeys(syncKey);

const folders = new TempFolders('sync');
let server: MemorySyncTransport;
let a: string;
let b: string;

beforeEach(() => {
  server = new MemorySyncTransport();
  a = folders.make('a');
  b = folders.make('b');
});
afterEach(() => folders.removeAll());

function machine(userDataDir: string, parts: SyncPart[] = ALL_PARTS): ProfileStateSync {
  return new ProfileStateSync({ userDataDir, profileId: PROFILE, syncKey, parts, transport: server });
}

function head(): SyncVersion {
  const version = server.head(PROFILE);
  if (!version) throw new Error('the server holds no version');
  return version;
}

async function manifestOf(version: SyncVersion): Promise<SyncManifest> {
  const sealed = server.chunks.get(PROFILE)?.get(version.manifestChunk);
  if (!sealed) throw new Error(`the server lacks the manifest of version ${version.number}`);
  return JSON.parse((await openChunk(keys, PROFILE, version.manifestChunk, sealed, MANIFEST_MAX_PLAIN_BYTES)).toString('utf8')) as SyncManifest;
}

function expectSameFile(relative: string, from = a, to = b): void {
  expect(sha256Of(path.join(to, relative)), relative).toBe(sha256Of(path.join(from, relative)));
  // Within a millisecond: manifests keep whole milliseconds.
  expect(Math.abs(fs.statSync(path.join(to, relative)).mtimeMs - fs.statSync(path.join(from, relative)).mtimeMs), relative).toBeLessThan(1);
}

const filesUnder = (root: string) => treeDigest(root).flatMap((entry) => (entry.kind === 'file' ? [entry.path] : []));
const marker = (root: string) => path.join(root, SYNC_FOLDER, 'applying');

describe('a round trip between two machines', () => {
  it("gives an empty folder the saved profile's files byte for byte with their times, no cache, and its tabs", async () => {
    writeChromiumProfile(a);
    const tabs = ['http://127.0.0.1:8000/', 'http://127.0.0.1:8000/inbox'];
    const saved = await machine(a).save(false, tabs);
    expect(saved.conflictWith).toBeNull();
    expect(saved.version.number).toBe(1);

    const prepared = await machine(b).prepare(head());
    expect(prepared).toMatchObject({ action: 'downloaded', tabs, conflict: null });
    expect(prepared.downloadedBytes).toBeGreaterThan(3 * 1024 * 1024);
    for (const relative of syncedFixtureFiles()) expectSameFile(relative);
    // Exactly the synced files and the sync state: no cache, no Preferences, nothing staged.
    expect(filesUnder(b)).toEqual([...syncedFixtureFiles(), `${SYNC_FOLDER}/state.json`].sort());
    for (const relative of unsyncedFiles) expect(fs.existsSync(path.join(b, relative)), relative).toBe(false);
    expect(fs.existsSync(path.join(b, 'Default/Cache'))).toBe(false);
    expect(fs.existsSync(path.join(b, 'Default/Code Cache'))).toBe(false);
  });

  it('gives the profile to a machine that never ran it, whose folder for it does not exist yet', async () => {
    writeChromiumProfile(a);
    await machine(a).save(false, []);
    const fresh = path.join(b, PROFILE);
    expect(await machine(fresh).prepare(head())).toMatchObject({ action: 'downloaded' });
    for (const relative of syncedFixtureFiles()) expectSameFile(relative, a, fresh);
    expect(await machine(fresh).prepare(head())).toMatchObject({ action: 'current' });
  });

  it('sends again only what changed: a small file costs its own chunk and the manifest, a 5 MB cache nothing', async () => {
    writeChromiumProfile(a);
    const syncedBytes = syncedFixtureFiles().reduce((n, relative) => n + fs.statSync(path.join(a, relative)).size, 0);
    const first = await machine(a).save(false, []);
    expect(first.plainBytes).toBe(syncedBytes);
    // The random 3 MiB IndexedDB log does not compress; the 5 MB cache would double the upload.
    expect(first.uploadedBytes).toBeGreaterThan(3 * 1024 * 1024);
    expect(first.uploadedBytes).toBeLessThan(syncedBytes + 64 * 1024);
    expect(first.uploadedBytes).toBeLessThan(CACHE_BYTES);

    const sentBefore = server.putIds.length;
    const bookmarks = Buffer.from(JSON.stringify({ roots: { bookmark_bar: { children: [{ name: 'Changed', url: 'http://127.0.0.1:8000/changed' }] } }, version: 1 }));
    writeFixtureFile(a, 'Default/Bookmarks', bookmarks, FIXTURE_MTIME_MS + 60_000);
    writeFixtureFile(a, CACHE_FILE, randomBytes(CACHE_BYTES), FIXTURE_MTIME_MS + 60_000);
    const second = await machine(a).save(false, []);
    expect(second.version.baseNumber).toBe(1);
    expect(second.conflictWith).toBeNull();
    expect(server.putIds.slice(sentBefore).sort()).toEqual([chunkId(keys, bookmarks), second.version.manifestChunk].sort());
    expect(second.uploadedBytes).toBeGreaterThan(0);
    expect(second.uploadedBytes).toBeLessThan(first.uploadedBytes / 100);
  });

  it('downloads only the files that changed since the version the folder holds', async () => {
    writeChromiumProfile(a);
    await machine(a).save(false, []);
    await machine(b).prepare(head());
    const bookmarks = Buffer.from('{"version":2}');
    writeFixtureFile(a, 'Default/Bookmarks', bookmarks, FIXTURE_MTIME_MS + 1000);
    await machine(a).save(false, []);

    const readsBefore = server.readIds.length;
    const prepared = await machine(b).prepare(head());
    expect(prepared.action).toBe('downloaded');
    expect(server.readIds.slice(readsBefore)).toEqual([head().manifestChunk, chunkId(keys, bookmarks)]);
    expect(prepared.downloadedBytes).toBeLessThan(16 * 1024);
    for (const relative of syncedFixtureFiles()) expectSameFile(relative);
  });

});

describe('parts', () => {
  it('a profile syncing only bookmarks sends only them, and no tabs', async () => {
    writeChromiumProfile(a);
    await machine(a, ['bookmarks']).save(false, ['http://127.0.0.1:8000/']);
    const manifest = await manifestOf(head());
    expect(manifest.parts).toEqual(['bookmarks']);
    expect(manifest.files.map((f) => f.path)).toEqual(['Default/Bookmarks']);
    expect(manifest.tabs).toEqual([]);
    // The Bookmarks chunk and the manifest: History's bytes never left the machine.
    expect(server.chunks.get(PROFILE)?.size).toBe(2);

    writeFixtureFile(b, 'Default/History', Buffer.from('History of machine B'));
    const prepared = await machine(b, ['bookmarks']).prepare(head());
    expect(prepared).toMatchObject({ action: 'downloaded', tabs: [] });
    expectSameFile('Default/Bookmarks');
    expect(fs.readFileSync(path.join(b, 'Default/History'), 'utf8')).toBe('History of machine B');
  });

  it("a version applied leaves the files of parts it does not carry, and removes its parts' files it does not hold", async () => {
    writeChromiumProfile(a);
    fs.rmSync(path.join(a, 'Default/History-journal'));
    await machine(a, ['bookmarks', 'history']).save(false, []);

    writeFixtureFile(b, 'Default/History-journal', Buffer.from('a journal this version does not hold'));
    writeFixtureFile(b, 'Default/Login Data', Buffer.from('passwords of machine B'));
    writeFixtureFile(b, 'Default/Local Storage/leveldb/000003.log', Buffer.from('site storage of machine B'));
    writeFixtureFile(b, `Default/Local Extension Settings/${EXTENSION_ID}/000003.log`, Buffer.from('extension data of machine B'));
    const otherParts = treeDigest(b).filter((entry) => !entry.path.startsWith('Default/History'));
    await applyState({ userDataDir: b, profileId: PROFILE, head: head(), keys, transport: server });
    expectSameFile('Default/Bookmarks');
    expectSameFile('Default/History');
    expect(fs.existsSync(path.join(b, 'Default/History-journal'))).toBe(false);
    const after = treeDigest(b).filter((entry) => !entry.path.startsWith('Default/History') && entry.path !== 'Default/Bookmarks' && !entry.path.startsWith(SYNC_FOLDER));
    expect(after).toEqual(otherParts);
  });
});

describe('prepare before a start', () => {
  it('does nothing and downloads nothing when the folder already is the newest version', async () => {
    writeChromiumProfile(a);
    await machine(a).save(false, ['http://127.0.0.1:8000/']);
    expect(await machine(a).prepare(head())).toEqual({ action: 'current', tabs: ['http://127.0.0.1:8000/'], conflict: null, downloadedBytes: 0, refused: [], opened: head() });
    expect(server.readIds).toEqual([]);

    // A folder the version was downloaded into is that version too (its restored times read back alike).
    await machine(b).prepare(head());
    const readsAfterDownload = server.readIds.length;
    expect(await machine(b).prepare(head())).toMatchObject({ action: 'current', downloadedBytes: 0 });
    expect(server.readIds.length).toBe(readsAfterDownload);
    expect(server.versions.get(PROFILE)).toHaveLength(1);
  });

  it('saves changes no version has before anything else, without a conflict when none was saved meanwhile', async () => {
    writeChromiumProfile(a);
    await machine(a).save(false, ['http://127.0.0.1:8000/']);
    // The last session ended without a save (a crash): Bookmarks changed since version 1.
    writeFixtureFile(a, 'Default/Bookmarks', Buffer.from('{"changed":true}'), FIXTURE_MTIME_MS + 1000);
    const prepared = await machine(a).prepare(head());
    expect(prepared).toMatchObject({ action: 'savedLocal', tabs: ['http://127.0.0.1:8000/'], conflict: null, downloadedBytes: 0 });
    expect(server.readIds).toEqual([]);
    expect(head()).toMatchObject({ number: 2, baseNumber: 1, conflictWith: null });
    expect((await manifestOf(head())).tabs).toEqual(['http://127.0.0.1:8000/']);
  });

  it('saves unsaved changes beside a version another machine saved meanwhile, reporting the conflict and keeping both', async () => {
    writeChromiumProfile(a);
    await machine(a).save(false, []);
    await machine(b).prepare(head());
    const historyOfVersion1 = sha256Of(path.join(b, 'Default/History'));

    writeFixtureFile(a, 'Default/History', randomBytes(2048), FIXTURE_MTIME_MS + 1000);
    const fromA = await machine(a).save(false, []);
    writeFixtureFile(b, 'Default/Bookmarks', Buffer.from('{"from":"B"}'), FIXTURE_MTIME_MS + 2000);

    const prepared = await machine(b).prepare(fromA.version);
    expect(prepared.action).toBe('savedLocal');
    expect(prepared.conflict?.conflictWith?.id).toBe(fromA.version.id);
    expect(prepared.conflict?.version).toMatchObject({ number: 3, baseNumber: 1, conflictWith: 2 });
    // Both kept: version 2 still opens and names its History; B's folder stays B's.
    expect(server.versions.get(PROFILE)?.map((v) => v.number)).toEqual([1, 2, 3]);
    const version2 = await manifestOf(fromA.version);
    for (const id of version2.files.flatMap((f) => f.chunks)) expect(server.chunks.get(PROFILE)?.has(id)).toBe(true);
    expect(version2.files.find((f) => f.path === 'Default/History')?.chunks).toEqual([chunkId(keys, fs.readFileSync(path.join(a, 'Default/History')))]);
    expect(sha256Of(path.join(b, 'Default/History'))).toBe(historyOfVersion1);
    expect(fs.readFileSync(path.join(b, 'Default/Bookmarks'), 'utf8')).toBe('{"from":"B"}');
  });

  it('does nothing for a profile that syncs no part, or when the server holds no version', async () => {
    writeChromiumProfile(a);
    expect(await machine(a, []).prepare(null)).toMatchObject({ action: 'none' });
    expect(await machine(b).prepare(null)).toMatchObject({ action: 'none' });
    expect(server.versions.size).toBe(0);
  });
});

describe('an apply cut off between staging and the move', () => {
  it('downloads the version again at the next prepare, even when the state already names it', async () => {
    writeChromiumProfile(a);
    await machine(a).save(false, []);
    await machine(b).prepare(head());
    fs.writeFileSync(marker(b), head().id);
    const reads = server.readIds.length;

    expect(await machine(b).prepare(head())).toMatchObject({ action: 'downloaded' });
    expect(server.readIds.length).toBeGreaterThan(reads);
    expect(fs.existsSync(marker(b))).toBe(false);
    expect(await machine(b).prepare(head())).toMatchObject({ action: 'current' });
  });

  it('downloads again rather than saving a half-moved folder as a new version', async () => {
    writeChromiumProfile(a);
    await machine(a).save(false, []);
    await machine(b).prepare(head());
    writeFixtureFile(a, 'Default/Bookmarks', Buffer.from('{"version":2}'), FIXTURE_MTIME_MS + 1000);
    writeFixtureFile(a, 'Default/History', randomBytes(4096), FIXTURE_MTIME_MS + 1000);
    await machine(a).save(false, []);

    // The crash: the marker written, Bookmarks moved in, History not yet, the state still version 1's.
    fs.writeFileSync(marker(b), head().id);
    fs.copyFileSync(path.join(a, 'Default/Bookmarks'), path.join(b, 'Default/Bookmarks'));
    const time = new Date(FIXTURE_MTIME_MS + 1000);
    fs.utimesSync(path.join(b, 'Default/Bookmarks'), time, time);

    expect(await machine(b).prepare(head())).toMatchObject({ action: 'downloaded' });
    expect(server.versions.get(PROFILE)).toHaveLength(2);
    for (const relative of syncedFixtureFiles()) expectSameFile(relative);
    expect(fs.existsSync(marker(b))).toBe(false);
  });
});
