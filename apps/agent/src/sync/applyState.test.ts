import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { syncLimits, type SyncManifest, type SyncPart, type SyncVersion } from '@facet/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyState } from './applyState.ts';
import { FIXTURE_MTIME_MS, sha256Of, treeDigest, writeChromiumProfile, writeFixtureFile } from '../../test/helpers/chromiumTestFolder.ts';
import { TempFolders } from '../../test/helpers/tempFolders.ts';
import { MemorySyncTransport } from '../../test/helpers/memorySyncTransport.ts';
import { MANIFEST_MAX_PLAIN_BYTES } from './readManifest.ts';
import { ProfileStateSync, type PrepareResult } from './profileStateSync.ts';
import { stageFiles } from './stageFiles.ts';
import { chunkId, openChunk, sealChunk, syncKeys } from './syncCrypto.ts';
import { SyncRefusal, type SyncRefusalReason } from './syncRefusal.ts';

const PROFILE = 'k3x9q2mz';
const ALL_PARTS: SyncPart[] = ['site', 'tabs', 'bookmarks', 'history', 'passwords', 'extensions'];
const syncKey = randomBytes(32).toString('base64url');
const keys = syncKeys(syncKey);
const otherKeys = syncKeys(randomBytes(32).toString('base64url'));

/**
 * Version 2 changes Bookmarks and Login Data and adds 17 IndexedDB blobs between them: the
 * download (16 chunks a group) stages files before it reaches Login Data's chunk, the one the tests spoil.
 */
const BLOB_FOLDER = 'Default/IndexedDB/http_127.0.0.1_8000.indexeddb.blob';
const LOGIN_DATA = 'Default/Login Data';

const folders = new TempFolders('sync');
let server: MemorySyncTransport;
let a: string;
/** Machine B: holds version 1, is offered version 2 (or a spoiled one). */
let b: string;
let version2: SyncVersion;
let loginDataChunk: string;

function machine(userDataDir: string): ProfileStateSync {
  return new ProfileStateSync({ userDataDir, profileId: PROFILE, syncKey, parts: ALL_PARTS, transport: server });
}

/** The version applied to the folder directly: refusals are thrown, with no fall back to an older version. */
function applyTo(userDataDir: string, head: SyncVersion) {
  return applyState({ userDataDir, profileId: PROFILE, head, keys, transport: server });
}

function store(): Map<string, Buffer> {
  const chunks = server.chunks.get(PROFILE);
  if (!chunks) throw new Error('the server holds no chunk');
  return chunks;
}

beforeEach(async () => {
  server = new MemorySyncTransport();
  a = folders.make('a');
  b = folders.make('b');
  writeChromiumProfile(a, { indexedDbBytes: 64 * 1024, cacheBytes: 64 * 1024 });
  await machine(a).save(false, []);
  expect(await machine(b).prepare(server.head(PROFILE))).toMatchObject({ action: 'downloaded' });

  writeFixtureFile(a, 'Default/Bookmarks', Buffer.from('{"version":2}'), FIXTURE_MTIME_MS + 1000);
  for (let blob = 1; blob <= 17; blob++) writeFixtureFile(a, `${BLOB_FOLDER}/1/00/${blob}`, randomBytes(256), FIXTURE_MTIME_MS + 1000);
  writeFixtureFile(a, LOGIN_DATA, randomBytes(8192), FIXTURE_MTIME_MS + 1000);
  version2 = (await machine(a).save(false, [])).version;
  loginDataChunk = chunkId(keys, fs.readFileSync(path.join(a, LOGIN_DATA)));
});
afterEach(() => folders.removeAll());

async function manifestOf(version: SyncVersion): Promise<SyncManifest> {
  return JSON.parse((await openChunk(keys, PROFILE, version.manifestChunk, store().get(version.manifestChunk)!, MANIFEST_MAX_PLAIN_BYTES)).toString('utf8')) as SyncManifest;
}

/**
 * Stores a manifest sealed properly with this profile's key and commits it as the newest version,
 * counted as the manifest says unless `plainBytes` says otherwise (a count the manifest exceeds).
 */
async function offer(manifest: SyncManifest, plainBytes = manifest.files.reduce((n, f) => n + f.size, 0)): Promise<SyncVersion> {
  const plain = Buffer.from(JSON.stringify(manifest));
  const id = chunkId(keys, plain);
  await server.put(PROFILE, [{ id, bytes: await sealChunk(keys, PROFILE, id, plain) }]);
  return (await server.commit(PROFILE, { baseVersionId: version2.id, manifestChunk: id, chunks: [], files: manifest.files.length, parts: manifest.parts, plainBytes })).version;
}

/** Version 2's manifest with its Login Data entry changed. */
async function withLoginData(change: Partial<SyncManifest['files'][number]>): Promise<SyncVersion> {
  const manifest = await manifestOf(version2);
  return offer({ ...manifest, files: manifest.files.map((f) => (f.path === LOGIN_DATA ? { ...f, ...change } : f)) });
}

/**
 * The refusal and its typed reason, and the folder exactly as it was: no file changed, added or
 * removed, no staging folder (`.facet-sync/incoming`) and no `applying` marker left behind. A
 * prepare does not throw it: it reports the refusal and falls back (here to what the folder holds).
 */
async function expectRefused(apply: () => Promise<unknown>, reason: SyncRefusalReason, folder = b): Promise<void> {
  const before = treeDigest(folder);
  const error = await apply().then(
    (result) => (result as PrepareResult | undefined)?.refused?.[0]?.refusal ?? null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SyncRefusal);
  expect((error as SyncRefusal).reason).toBe(reason);
  expect(treeDigest(folder)).toEqual(before);
}

describe('a damaged or altered chunk', () => {
  it('cut off is refused as truncated; the same version whole applies afterwards', async () => {
    const whole = store().get(loginDataChunk)!;
    store().set(loginDataChunk, whole.subarray(0, whole.length - 7));
    await expectRefused(() => applyTo(b, version2), 'truncated');

    store().set(loginDataChunk, whole);
    expect(await machine(b).prepare(version2)).toMatchObject({ action: 'downloaded' });
    expect(sha256Of(path.join(b, LOGIN_DATA))).toBe(sha256Of(path.join(a, LOGIN_DATA)));
  });

  it('with a byte flipped is refused as tampered', async () => {
    const flipped = Buffer.from(store().get(loginDataChunk)!);
    flipped[flipped.length - 1]! ^= 0x80;
    store().set(loginDataChunk, flipped);
    await expectRefused(() => applyTo(b, version2), 'tampered');
  });

  it("sealed with another profile's key is refused as tampered", async () => {
    store().set(loginDataChunk, await sealChunk(otherKeys, PROFILE, loginDataChunk, fs.readFileSync(path.join(a, LOGIN_DATA))));
    await expectRefused(() => applyTo(b, version2), 'tampered');
  });

  it('swapped for another valid chunk of the profile is refused: the seal names its chunk, so it does not open (tampered)', async () => {
    const bookmarksChunk = chunkId(keys, fs.readFileSync(path.join(a, 'Default/Bookmarks')));
    store().set(loginDataChunk, store().get(bookmarksChunk)!);
    await expectRefused(() => applyTo(b, version2), 'tampered');
  });

  it('sealed under its name with the right key but holding other bytes is refused as mismatch', async () => {
    store().set(loginDataChunk, await sealChunk(keys, PROFILE, loginDataChunk, fs.readFileSync(path.join(a, 'Default/Bookmarks'))));
    await expectRefused(() => applyTo(b, version2), 'mismatch');
  });

  it('inflating past a chunk (a deflate bomb sealed with the right key) is refused as too large', async () => {
    store().set(loginDataChunk, await sealChunk(keys, PROFILE, loginDataChunk, Buffer.alloc(8 * syncLimits.chunkBytes)));
    await expectRefused(() => applyTo(b, version2), 'tooLarge');
  });

  it('the server does not have is refused as missing, whether data or manifest', async () => {
    store().delete(loginDataChunk);
    await expectRefused(() => applyTo(b, version2), 'missingChunk');
    store().delete(version2.manifestChunk);
    await expectRefused(() => applyTo(b, version2), 'missingChunk');
  });

  it('opening to fewer or more bytes than its file claims is refused', async () => {
    const size = fs.statSync(path.join(a, LOGIN_DATA)).size;
    await expectRefused(async () => applyTo(b, await withLoginData({ size: size + 1 })), 'badManifest');
    await expectRefused(async () => applyTo(b, await withLoginData({ size: size - 1 })), 'badManifest');
  });

  it('refused on a folder never synced leaves it empty: not even the sync folder stays', async () => {
    const fresh = folders.make('fresh');
    store().set(loginDataChunk, store().get(loginDataChunk)!.subarray(0, 30));
    await expectRefused(() => applyTo(fresh, version2), 'truncated', fresh);
    expect(fs.readdirSync(fresh)).toEqual([]);
  });

  it('refused on a machine that never ran the profile leaves no folder for it', async () => {
    const profiles = folders.make('profiles');
    store().set(loginDataChunk, store().get(loginDataChunk)!.subarray(0, 30));
    await expectRefused(() => applyTo(path.join(profiles, PROFILE), version2), 'truncated', profiles);
    expect(fs.readdirSync(profiles)).toEqual([]);
  });
});

describe('a manifest', () => {
  it.each([
    ['a parent segment', 'Default/../../facet-escape'],
    ['an absolute path', '/tmp/facet-escape'],
  ])('with %s is refused as a bad path, and nothing is written there', async (_, escape) => {
    const target = path.resolve(b, escape);
    await expectRefused(async () => applyTo(b, await withLoginData({ path: escape })), 'badPath');
    expect(fs.existsSync(target)).toBe(false);
  });

  it.each([
    ['Default/Preferences', 'site'],
    ['Default/Cache/x', 'site'],
    ['Default/Code Cache/js/index', 'bookmarks'],
    ['Local State', 'passwords'],
  ])('naming %s (no part may write it) is refused as a bad path', async (p, part) => {
    await expectRefused(async () => applyTo(b, await withLoginData({ path: p, part: part as SyncPart })), 'badPath');
  });

  it("of another profile, sealed with this profile's key, is refused as a bad manifest", async () => {
    const manifest = await manifestOf(version2);
    await expectRefused(async () => applyTo(b, await offer({ ...manifest, profileId: 'another1' })), 'badManifest');
  });

  it('claiming more than a profile may hold is refused as too large', async () => {
    const size = syncLimits.maxProfileBytes + 1;
    await expectRefused(async () => applyTo(b, await withLoginData({ size, chunks: new Array<string>(Math.ceil(size / syncLimits.chunkBytes)).fill(loginDataChunk) })), 'tooLarge');
  });
});

describe('a link in the folder', () => {
  it('leading out of it is refused as a bad path before anything moves, and nothing is written where it leads', async () => {
    const elsewhere = folders.make('elsewhere');
    fs.rmSync(path.join(b, 'Default/Local Storage'), { recursive: true });
    fs.symlinkSync(elsewhere, path.join(b, 'Default/Local Storage'));
    await expectRefused(() => applyState({ userDataDir: b, profileId: PROFILE, head: version2, keys, transport: server }), 'badPath');
    expect(fs.readdirSync(elsewhere)).toEqual([]);
  });

  it('leading to nothing (yet) is refused as a bad path too', async () => {
    const nowhere = path.join(folders.make('elsewhere'), 'not-yet');
    fs.rmSync(path.join(b, 'Default/Local Storage'), { recursive: true });
    fs.symlinkSync(nowhere, path.join(b, 'Default/Local Storage'));
    await expectRefused(() => applyState({ userDataDir: b, profileId: PROFILE, head: version2, keys, transport: server }), 'badPath');
    expect(fs.existsSync(nowhere)).toBe(false);
  });

  it('deeper down, on a folder only the new version has, is refused the same through prepare', async () => {
    const elsewhere = folders.make('elsewhere');
    fs.symlinkSync(elsewhere, path.join(b, BLOB_FOLDER));
    await expectRefused(() => machine(b).prepare(version2), 'badPath');
    expect(fs.readdirSync(elsewhere)).toEqual([]);
  });
});

describe('a manifest that would write more than the server counted (issue 34)', () => {
  /** One stored zero chunk named `times` times as one file: a few hundred bytes stored, `times` MiB written. */
  async function repeatedZeroChunk(times: number) {
    const zero = Buffer.alloc(syncLimits.chunkBytes);
    const id = chunkId(keys, zero);
    await server.put(PROFILE, [{ id, bytes: await sealChunk(keys, PROFILE, id, zero) }]);
    const manifest = await manifestOf(version2);
    const file = { path: 'Default/Local Storage/leveldb/000009.log', part: 'site' as const, size: times * syncLimits.chunkBytes, mtimeMs: FIXTURE_MTIME_MS, chunks: new Array<string>(times).fill(id) };
    return { manifest: { ...manifest, files: [...manifest.files, file] }, file, sealedBytes: store().get(id)!.length };
  }

  it('naming one zero chunk 300 times under a 1,414-byte count is refused before a byte is written', async () => {
    const { manifest, sealedBytes } = await repeatedZeroChunk(300);
    expect(sealedBytes).toBeLessThan(4096);
    await expectRefused(async () => applyTo(b, await offer(manifest, 1414)), 'overCounted');
    expect(fs.existsSync(path.join(b, 'Default/Local Storage/leveldb/000009.log'))).toBe(false);
  });

  it('at a start, is passed over for the newest good version, and the server is told which and why', async () => {
    const { manifest } = await repeatedZeroChunk(300);
    const bomb = await offer(manifest, 1414);
    const prepared = await machine(b).prepare(server.head(PROFILE));
    expect(prepared.refused.map((r) => [r.version.id, r.refusal.reason])).toEqual([[bomb.id, 'overCounted']]);
    expect(server.refusals).toEqual([{ profileId: PROFILE, versionId: bomb.id, reason: 'overCounted' }]);
    expect(prepared).toMatchObject({ action: 'downloaded', opened: { id: version2.id } });
    expect(sha256Of(path.join(b, LOGIN_DATA))).toBe(sha256Of(path.join(a, LOGIN_DATA)));
    // The next start opens the good one straight away: the refused one is no longer offered.
    expect(server.head(PROFILE)?.id).toBe(version2.id);
    expect(await machine(b).prepare(server.head(PROFILE))).toMatchObject({ action: 'current', refused: [] });
  });

  it('at a start the server cannot be told of, stops the start with the refusal and leaves the folder as it was', async () => {
    const { manifest } = await repeatedZeroChunk(300);
    const bomb = await offer(manifest, 1414);
    server.refuse = () => Promise.reject(new Error('network down'));
    await expectRefused(() => machine(b).prepare(bomb), 'overCounted');
  });

  it('while unpacking, stops before writing past the count it was given, whatever the manifest claimed', async () => {
    const { file } = await repeatedZeroChunk(40);
    const staging = folders.make('staging');
    const budgetBytes = 4 * syncLimits.chunkBytes + 100;
    const error = await stageFiles({ staging, files: [file], profileId: PROFILE, keys, transport: server, budgetBytes }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SyncRefusal);
    expect((error as SyncRefusal).reason).toBe('overCounted');
    const written = fs.readdirSync(staging).reduce((n, name) => n + fs.statSync(path.join(staging, name)).size, 0);
    expect(written).toBeLessThanOrEqual(budgetBytes);
  });
});
