import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidBlobKey, pluginBlobKey } from '../src/storage/blobKey.ts';
import { BlobTooLarge, type BlobStore } from '../src/storage/blobStore.ts';
import { FileBlobStore, STAGING_FOLDER } from '../src/storage/fileBlobStore.ts';
import { openBlobStore } from '../src/storage/openBlobStore.ts';
import { S3BlobStore } from '../src/storage/s3BlobStore.ts';
import { parseS3Url } from '../src/storage/s3Location.ts';
import { startTestS3, type TestS3 } from './support/s3rver.ts';

/**
 * One contract, two stores: every case below runs against files in a folder and against a real
 * S3-protocol server (s3rver) on 127.0.0.1. The S3 store lists in pages of two, so listings
 * cross page boundaries as they would past S3's thousand.
 */

let s3: TestS3;
const folders: string[] = [];
const opened: BlobStore[] = [];
beforeAll(async () => {
  s3 = await startTestS3(['facet-test', 'facet-root']);
});
afterAll(async () => {
  for (const store of opened) store.close();
  await s3.stop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

function tempFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-blobs-'));
  folders.push(folder);
  return folder;
}

let prefixes = 0;
const implementations: { name: string; make: () => BlobStore }[] = [
  { name: 'files in the data folder', make: () => new FileBlobStore(path.join(tempFolder(), 'blobs')) },
  {
    name: 'an S3-compatible bucket',
    // Each test in its own folder of the bucket, so listings see only their own keys.
    make: () => new S3BlobStore(parseS3Url(s3.url({ prefix: `run${process.pid}/t${++prefixes}` })), { pageSize: 2 }),
  },
];

const hex64 = () => randomBytes(32).toString('hex');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function readStream(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

async function listed(store: BlobStore, prefix: string): Promise<{ key: string; size: number }[]> {
  const entries: { key: string; size: number }[] = [];
  for await (const entry of store.list(prefix)) entries.push(entry);
  return entries.sort((a, b) => a.key.localeCompare(b.key));
}

/** Keys that must never become a path or an object name: each refused before anything is touched. */
const badKeys = [
  '',
  '/etc/passwd',
  '../outside',
  'sync/../../outside',
  'sync/./chunk',
  'sync//chunk',
  'sync/',
  '.hidden',
  'sync/.hidden',
  'Sync/Upper',
  'sync\\..\\outside',
  'sync/a b',
  'sync/nul\0byte',
  'sync/é',
  `sync/${'a'.repeat(129)}`,
  `${'a/'.repeat(300)}a`,
];

describe.each(implementations)('blob store contract: $name', ({ make }) => {
  let store: BlobStore;
  beforeAll(() => {
    store = make();
    opened.push(store);
  });

  it('keeps bytes under a key and gives them back whole, as a stream and at once', async () => {
    const key = `sync/k3x9q2mz/${hex64()}`;
    const bytes = randomBytes(300 * 1024);
    await store.put(key, bytes);
    expect(await store.has(key)).toBe(true);
    expect((await store.get(key))?.equals(bytes)).toBe(true);
    const blob = await store.open(key);
    expect(blob?.size).toBe(bytes.length);
    expect((await readStream(blob!.stream)).equals(bytes)).toBe(true);
  });

  it('answers a key that holds nothing with null and false, and deleting it is no error', async () => {
    const key = `sync/nothing/${hex64()}`;
    expect(await store.has(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    expect(await store.open(key)).toBeNull();
    await store.delete(key);
    await store.deleteMany([key]);
    expect(await store.has(key)).toBe(false);
  });

  it('replaces the bytes of a key that is put again', async () => {
    const key = pluginBlobKey(hex64());
    await store.put(key, Buffer.from('first version, longer than the second'));
    await store.put(key, Buffer.from('second'));
    expect((await store.get(key))?.toString()).toBe('second');
    expect(await listed(store, 'plugins/')).toEqual([{ key, size: 6 }]);
  });

  it('keeps an empty blob as empty, not as missing', async () => {
    const key = 'sync/empty/blob';
    await store.put(key, Buffer.alloc(0));
    expect(await store.has(key)).toBe(true);
    expect((await store.get(key))?.length).toBe(0);
    expect((await store.open(key))?.size).toBe(0);
  });

  it('refuses to read a blob larger than asked for, and reads one of exactly that size', async () => {
    const key = `sync/big/${hex64()}`;
    await store.put(key, randomBytes(4096));
    const refusal = await store.get(key, { maxBytes: 4095 }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(BlobTooLarge);
    expect(refusal).toMatchObject({ key, size: 4096, maxBytes: 4095 });
    expect((await store.get(key, { maxBytes: 4096 }))?.length).toBe(4096);
    expect(await store.get('sync/big/missing', { maxBytes: 1 })).toBeNull();
  });

  it('deletes one key, or many at once, and leaves the others', async () => {
    const store = make();
    opened.push(store);
    const keys = ['sync/p1/c1', 'sync/p1/c2', 'sync/p2/c1', 'sync/p2/c2', 'plugins/keep'];
    for (const key of keys) await store.put(key, Buffer.from(key));
    await store.delete('sync/p1/c1');
    await store.deleteMany(['sync/p1/c2', 'sync/p2/c1', 'sync/p9/never-there']);
    await store.deleteMany([]);
    expect((await listed(store, '')).map((e) => e.key)).toEqual(['plugins/keep', 'sync/p2/c2']);
    expect((await store.get('sync/p2/c2'))?.toString()).toBe('sync/p2/c2');
  });

  it('lists the blobs under a prefix with their sizes, a prefix being the start of a key', async () => {
    const fresh = make();
    opened.push(fresh);
    const blobs: Record<string, number> = { 'plugins/aa': 1, 'sync/p1/c1': 2, 'sync/p1/c2': 3, 'sync/p10/c1': 4, 'sync/p2/c1': 5, 'syncx/other': 6 };
    for (const [key, size] of Object.entries(blobs)) await fresh.put(key, Buffer.alloc(size, 7));
    const all = Object.entries(blobs).map(([key, size]) => ({ key, size }));
    expect(await listed(fresh, '')).toEqual(all);
    expect(await listed(fresh, 'sync/')).toEqual(all.filter((e) => e.key.startsWith('sync/')));
    expect((await listed(fresh, 'sync/p1/')).map((e) => e.key)).toEqual(['sync/p1/c1', 'sync/p1/c2']);
    expect((await listed(fresh, 'sync/p1')).map((e) => e.key)).toEqual(['sync/p1/c1', 'sync/p1/c2', 'sync/p10/c1']);
    expect((await listed(fresh, 'sync')).map((e) => e.key)).toEqual(['sync/p1/c1', 'sync/p1/c2', 'sync/p10/c1', 'sync/p2/c1', 'syncx/other']);
    expect(await listed(fresh, 'sync/p1/c2')).toEqual([{ key: 'sync/p1/c2', size: 3 }]);
    expect(await listed(fresh, 'nothing/')).toEqual([]);
  });

  it('refuses keys that could leave the store, before touching anything', async () => {
    const fresh = make();
    opened.push(fresh);
    for (const key of badKeys) {
      const calls: [string, () => Promise<unknown>][] = [
        ['put', () => fresh.put(key, Buffer.from('x'))],
        ['get', () => fresh.get(key)],
        ['open', () => fresh.open(key)],
        ['has', () => fresh.has(key)],
        ['delete', () => fresh.delete(key)],
        ['deleteMany', () => fresh.deleteMany(['sync/fine', key])],
      ];
      for (const [name, call] of calls) await expect(call(), `${name} ${JSON.stringify(key)}`).rejects.toBeInstanceOf(InvalidBlobKey);
    }
    for (const prefix of ['../', '/sync/', 'sync//', '.incoming/', 'Sync/']) {
      await expect(listed(fresh, prefix), prefix).rejects.toBeInstanceOf(InvalidBlobKey);
    }
    expect(await listed(fresh, '')).toEqual([]);
  });
});

describe('blob store on files', () => {
  // S3 promises the same of its PUT ("Amazon S3 never adds partial objects"); s3rver writes in
  // place, so this case runs on files only, where the atomicity is ours.
  it('never shows a reader part of a blob being replaced', async () => {
    const store = new FileBlobStore(path.join(tempFolder(), 'blobs'));
    const key = `sync/race/${hex64()}`;
    const a = Buffer.alloc(1024 * 1024, 'a');
    const b = Buffer.alloc(1024 * 1024, 'b');
    await store.put(key, a);
    const whole = new Set([sha256(a), sha256(b)]);
    for (let round = 0; round < 8; round++) {
      const [, , read, opened] = await Promise.all([store.put(key, b), store.put(key, a), store.get(key), store.open(key).then((blob) => readStream(blob!.stream))]);
      expect(whole.has(sha256(read!))).toBe(true);
      expect(whole.has(sha256(opened))).toBe(true);
    }
  });

  it('keeps each blob at blobs/<key>, so the folder copies into a bucket as it is', async () => {
    const store = new FileBlobStore(path.join(tempFolder(), 'blobs'));
    const zip = randomBytes(100);
    const key = pluginBlobKey(sha256(zip));
    await store.put(key, zip);
    expect(fs.readFileSync(path.join(store.root, 'plugins', sha256(zip))).equals(zip)).toBe(true);
    // The write was staged and renamed: nothing stays behind in the staging folder.
    expect(fs.readdirSync(path.join(store.root, STAGING_FOLDER))).toEqual([]);
  });

  it('lists no staged write and nothing outside the key rule', async () => {
    const store = new FileBlobStore(path.join(tempFolder(), 'blobs'));
    await store.put('sync/p1/c1', Buffer.from('kept'));
    fs.writeFileSync(path.join(store.root, STAGING_FOLDER, 'half-written.tmp'), 'half');
    fs.writeFileSync(path.join(store.root, 'sync', 'p1', 'Stray File'), 'not ours');
    expect(await listed(store, '')).toEqual([{ key: 'sync/p1/c1', size: 4 }]);
  });

  it('removes the folders a delete leaves empty, and only those', async () => {
    const store = new FileBlobStore(path.join(tempFolder(), 'blobs'));
    await store.put('sync/p1/c1', Buffer.from('1'));
    await store.put('sync/p1/c2', Buffer.from('2'));
    await store.put('sync/p2/c1', Buffer.from('3'));
    await store.delete('sync/p1/c1');
    expect(fs.existsSync(path.join(store.root, 'sync', 'p1'))).toBe(true);
    await store.deleteMany(['sync/p1/c2']);
    expect(fs.existsSync(path.join(store.root, 'sync', 'p1'))).toBe(false);
    expect(fs.existsSync(path.join(store.root, 'sync', 'p2', 'c1'))).toBe(true);
    await store.delete('sync/p2/c1');
    expect(fs.existsSync(path.join(store.root, 'sync'))).toBe(false);
    expect(fs.existsSync(store.root)).toBe(true);
    // And a put after that makes its folders again.
    await store.put('sync/p2/c1', Buffer.from('again'));
    expect((await store.get('sync/p2/c1'))?.toString()).toBe('again');
  });

  it('moves plugin zips of the old layout (blobs/<2 hex>/<sha256>) to their keys when it opens, once', async () => {
    const dataDir = tempFolder();
    const root = path.join(dataDir, 'blobs');
    const zips = [randomBytes(64), randomBytes(64)];
    for (const zip of zips) {
      const sha = sha256(zip);
      fs.mkdirSync(path.join(root, sha.slice(0, 2)), { recursive: true });
      fs.writeFileSync(path.join(root, sha.slice(0, 2), sha), zip);
    }
    const first = sha256(zips[0]!);
    // What a crash of the old store left beside a blob, and a file nobody knows.
    fs.writeFileSync(path.join(root, first.slice(0, 2), `${first}.0a1b2c.tmp`), 'half');
    fs.mkdirSync(path.join(root, 'ff'), { recursive: true });
    fs.writeFileSync(path.join(root, 'ff', 'notes.txt'), 'mine');

    const store = await openBlobStore({ dataDir, s3: null });
    for (const zip of zips) {
      expect((await store.get(pluginBlobKey(sha256(zip))))?.equals(zip)).toBe(true);
      expect(fs.existsSync(path.join(root, sha256(zip).slice(0, 2), sha256(zip)))).toBe(false);
    }
    expect(fs.existsSync(path.join(root, first.slice(0, 2)))).toBe(false);
    expect(fs.readFileSync(path.join(root, 'ff', 'notes.txt'), 'utf8')).toBe('mine');

    // Opening again finds nothing more to move and loses nothing.
    const again = await openBlobStore({ dataDir, s3: null });
    expect((await listed(again, 'plugins/')).map((e) => e.key).sort()).toEqual(zips.map((zip) => pluginBlobKey(sha256(zip))).sort());
  });

  it('clears writes a crash left staged a day ago, and keeps younger ones', async () => {
    const dataDir = tempFolder();
    const staging = path.join(dataDir, 'blobs', STAGING_FOLDER);
    fs.mkdirSync(staging, { recursive: true });
    fs.writeFileSync(path.join(staging, 'old.tmp'), 'cut off');
    fs.writeFileSync(path.join(staging, 'young.tmp'), 'in progress');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600_000);
    fs.utimesSync(path.join(staging, 'old.tmp'), twoDaysAgo, twoDaysAgo);
    await openBlobStore({ dataDir, s3: null });
    expect(fs.readdirSync(staging)).toEqual(['young.tmp']);
  });

  it('writes nothing outside its folder for a key that tries to leave it', async () => {
    const parent = tempFolder();
    const store = new FileBlobStore(path.join(parent, 'blobs'));
    for (const key of ['../escaped', 'sync/../../escaped', '/tmp/escaped']) await expect(store.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidBlobKey);
    expect(fs.readdirSync(parent)).toEqual([]);
  });
});

describe('blob store on S3', () => {
  it('puts every object below the folder FACET_S3_URL names', async () => {
    const inFolder = new S3BlobStore(parseS3Url(s3.url({ bucket: 'facet-root', prefix: 'facet/prod' })));
    const wholeBucket = new S3BlobStore(parseS3Url(s3.url({ bucket: 'facet-root' })), { pageSize: 1 });
    opened.push(inFolder, wholeBucket);
    await inFolder.put('sync/p1/c1', Buffer.from('abc'));
    await wholeBucket.put('plugins/outside', Buffer.from('z'));
    expect(await listed(wholeBucket, '')).toEqual([
      { key: 'facet/prod/sync/p1/c1', size: 3 },
      { key: 'plugins/outside', size: 1 },
    ]);
    expect(await listed(inFolder, '')).toEqual([{ key: 'sync/p1/c1', size: 3 }]);
    expect(await inFolder.has('plugins/outside')).toBe(false);
  });

  it('refuses to open with credentials the server refuses or a missing bucket, and never says the secret', async () => {
    const secret = 'not-the-secret-4711';
    const refused = openBlobStore({ dataDir: tempFolder(), s3: parseS3Url(s3.url({ key: 'UNKNOWNKEY', secret })) });
    await expect(refused).rejects.toThrow(/FACET_S3_URL: cannot reach S3 bucket facet-test at http:\/\/127\.0\.0\.1:\d+ \(us-east-1\): HTTP 403, access refused/);
    const message = await refused.catch((error: Error) => error.message);
    expect(message).not.toContain(secret);
    await expect(openBlobStore({ dataDir: tempFolder(), s3: parseS3Url(s3.url({ bucket: 'no-such-bucket' })) })).rejects.toThrow(/HTTP 404, no such bucket/);
    const store = await openBlobStore({ dataDir: tempFolder(), s3: parseS3Url(s3.url()) });
    opened.push(store);
    expect(store.description).not.toContain('S3RVER');
  });
});
