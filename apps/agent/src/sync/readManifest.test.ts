import { syncLimits, type SyncManifest } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { readManifest } from './readManifest.ts';
import { SyncRefusal, type SyncRefusalReason } from './syncRefusal.ts';

const PROFILE = 'k3x9q2mz';
const ID = 'a'.repeat(64);

function manifest(files: Partial<SyncManifest['files'][number]>[], change: Partial<SyncManifest> = {}): Buffer {
  const whole = files.map((f) => ({ path: 'Default/Bookmarks', part: 'bookmarks', size: 10, mtimeMs: 1, chunks: [ID], ...f }));
  return Buffer.from(JSON.stringify({ format: 1, profileId: PROFILE, parts: ['site', 'bookmarks', 'history'], createdAt: 1, files: whole, tabs: [], ...change }));
}

function refusalOf(plain: Buffer): SyncRefusalReason {
  try {
    readManifest(plain, PROFILE);
  } catch (error) {
    expect(error).toBeInstanceOf(SyncRefusal);
    return (error as SyncRefusal).reason;
  }
  throw new Error('the manifest was accepted');
}

describe('readManifest', () => {
  it('reads a manifest of this profile whose paths lie in the parts they claim', () => {
    const read = readManifest(manifest([{}, { path: 'Default/IndexedDB/http_127.0.0.1_8000.indexeddb.leveldb/000003.log', part: 'site', size: syncLimits.chunkBytes + 1, chunks: [ID, ID] }, { path: 'Default/History-journal', part: 'history', size: 0, chunks: [] }]), PROFILE);
    expect(read.files.map((f) => f.path)).toEqual(['Default/Bookmarks', 'Default/IndexedDB/http_127.0.0.1_8000.indexeddb.leveldb/000003.log', 'Default/History-journal']);
  });

  it.each([
    ['a parent segment', 'Default/../../../etc/passwd'],
    ['a parent segment at the start', '../Default/Bookmarks'],
    ['an absolute path', '/etc/passwd'],
    ['a backslash', 'Default\\..\\Bookmarks'],
    ['a drive letter', 'C:/Windows/system.ini'],
    ['an empty segment', 'Default//Bookmarks'],
    ['a control character', 'Default/Book\nmarks'],
  ])('refuses %s as a bad path', (_, path) => {
    expect(refusalOf(manifest([{ path }]))).toBe('badPath');
  });

  it.each([
    ['no part', 'Default/Preferences', 'site'],
    ['a cache', 'Default/Cache/x', 'site'],
    ['a cache inside a part folder', 'Default/IndexedDB/Code Cache/x', 'site'],
    ["another part's file", 'Default/History', 'bookmarks'],
    ['the user-data-dir itself', 'Local State', 'site'],
  ])('refuses a path of %s as a bad path', (_, path, part) => {
    expect(refusalOf(manifest([{ path, part: part as SyncManifest['parts'][number] }]))).toBe('badPath');
  });

  it('refuses a file of a part the version does not carry', () => {
    expect(refusalOf(manifest([{ path: 'Default/Login Data', part: 'passwords' }]))).toBe('badPath');
  });

  it("refuses another profile's manifest", () => {
    expect(refusalOf(manifest([{}], { profileId: 'another1' }))).toBe('badManifest');
  });

  it('refuses what is not a manifest of this format', () => {
    expect(refusalOf(Buffer.from('not json'))).toBe('badManifest');
    expect(refusalOf(manifest([{}], { format: 2 } as unknown as Partial<SyncManifest>))).toBe('badManifest');
    expect(refusalOf(manifest([{ chunks: ['not-an-id'] }]))).toBe('badManifest');
  });

  it('refuses a file named twice, or chunks that do not add up to its size', () => {
    expect(refusalOf(manifest([{}, {}]))).toBe('badManifest');
    expect(refusalOf(manifest([{ size: syncLimits.chunkBytes + 1, chunks: [ID] }]))).toBe('badManifest');
    expect(refusalOf(manifest([{ size: 0, chunks: [ID] }]))).toBe('badManifest');
  });

  it('refuses a version larger than a profile may hold, or with more files than it may have', () => {
    const size = syncLimits.maxProfileBytes + 1;
    const big = { path: 'Default/IndexedDB/http_127.0.0.1_8000.indexeddb.leveldb/000003.log', part: 'site' as const, size, chunks: new Array<string>(Math.ceil(size / syncLimits.chunkBytes)).fill(ID) };
    expect(refusalOf(manifest([big]))).toBe('tooLarge');
    const many = Array.from({ length: syncLimits.maxFiles + 1 }, (_, i) => ({ path: `Default/Local Storage/leveldb/${i}.ldb`, part: 'site' as const }));
    expect(refusalOf(manifest(many))).toBe('tooLarge');
  });
});
