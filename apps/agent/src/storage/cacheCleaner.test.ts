import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanCaches, userDataDirInUse } from './cacheCleaner.ts';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-cache-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function put(file: string, bytes: number): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.alloc(bytes, 1));
}

/** A profile's user-data-dir as Chromium leaves it: caches beside what must survive. */
function userDataDir(profileId: string): string {
  const dir = path.join(root, profileId);
  put(path.join(dir, 'Local State'), 100);
  put(path.join(dir, 'Default/Cookies'), 2000);
  put(path.join(dir, 'Default/Local Storage/leveldb/000003.log'), 3000);
  put(path.join(dir, 'Default/History'), 4000);
  put(path.join(dir, 'Default/Extensions/abc/1.0/manifest.json'), 50);
  put(path.join(dir, 'Default/Service Worker/CacheStorage/x/index'), 5000);
  put(path.join(dir, 'Default/Cache/Cache_Data/data_1'), 10_000);
  put(path.join(dir, 'Default/Code Cache/js/abc'), 20_000);
  put(path.join(dir, 'Default/GPUCache/data_0'), 30_000);
  put(path.join(dir, 'Profile 1/Cache/Cache_Data/data_1'), 40_000);
  put(path.join(dir, 'GrShaderCache/data_0'), 50_000);
  put(path.join(dir, 'ShaderCache/data_0'), 60_000);
  return dir;
}
const kept = ['Local State', 'Default/Cookies', 'Default/Local Storage/leveldb/000003.log', 'Default/History', 'Default/Extensions/abc/1.0/manifest.json', 'Default/Service Worker/CacheStorage/x/index'];
const removed = ['Default/Cache', 'Default/Code Cache', 'Default/GPUCache', 'Profile 1/Cache', 'GrShaderCache', 'ShaderCache'];

describe('cleaning the browser cache', () => {
  it('removes the cache folders of profiles that do not run, keeps their data, and skips running ones', async () => {
    const idle = userDataDir('p-idle');
    const busy = userDataDir('p-running');
    // Not a user-data-dir (no Local State): a folder of the user's that happens to be called Cache.
    put(path.join(root, 'notes/Cache/keep.txt'), 10);
    const progress: [number, number][] = [];
    const result = await cleanCaches({ profilesDir: root, isRunning: (id) => id === 'p-running', onProgress: (done, total) => progress.push([done, total]) });
    expect(result).toEqual({ freedBytes: 210_000, cleaned: 1, skippedRunning: 1 });
    for (const file of kept) expect(fs.existsSync(path.join(idle, file)), file).toBe(true);
    for (const dir of removed) expect(fs.existsSync(path.join(idle, dir)), dir).toBe(false);
    for (const dir of removed) expect(fs.existsSync(path.join(busy, dir)), dir).toBe(true);
    expect(fs.existsSync(path.join(root, 'notes/Cache/keep.txt'))).toBe(true);
    expect(progress).toEqual([
      [0, 2],
      [1, 2],
      [2, 2],
    ]);
  });

  it('does not follow a link out of the profile', async () => {
    const dir = path.join(root, 'p1');
    put(path.join(dir, 'Local State'), 1);
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-elsewhere-'));
    try {
      put(path.join(elsewhere, 'precious'), 10);
      fs.mkdirSync(path.join(dir, 'Default'));
      fs.symlinkSync(elsewhere, path.join(dir, 'Default/Cache'));
      expect((await cleanCaches({ profilesDir: root, isRunning: () => false })).freedBytes).toBe(0);
      expect(fs.existsSync(path.join(elsewhere, 'precious'))).toBe(true);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('treats a folder a live Chromium holds as running, and a crashed one\'s lock as stale', async () => {
    const dir = userDataDir('p-locked');
    fs.symlinkSync(`${os.hostname()}-${process.pid}`, path.join(dir, 'SingletonLock'));
    expect(await userDataDirInUse(dir)).toBe(true);
    expect(await cleanCaches({ profilesDir: root, isRunning: () => false })).toEqual({ freedBytes: 0, cleaned: 0, skippedRunning: 1 });
    fs.rmSync(path.join(dir, 'SingletonLock'));
    fs.symlinkSync(`${os.hostname()}-999999999`, path.join(dir, 'SingletonLock'));
    expect(await userDataDirInUse(dir)).toBe(false);
  });

  it('answers nothing freed for a profile directory that does not exist yet', async () => {
    expect(await cleanCaches({ profilesDir: path.join(root, 'none'), isRunning: () => false })).toEqual({ freedBytes: 0, cleaned: 0, skippedRunning: 0 });
  });

  it('cleans a user-data-dir a real Chromium wrote, and the cookies it set survive', async () => {
    const dir = path.join(root, 'p-real');
    const page = 'data:text/html,<script>document.cookie="kept=1; max-age=86400"</script>cached';
    await new Promise<void>((resolve, reject) =>
      execFile(
        '/usr/lib/chromium/chromium',
        ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', `--user-data-dir=${dir}`, '--dump-dom', page],
        { timeout: 60_000 },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    expect(fs.existsSync(path.join(dir, 'Default/Cache'))).toBe(true);
    const result = await cleanCaches({ profilesDir: root, isRunning: () => false });
    expect(result.cleaned).toBe(1);
    expect(result.freedBytes).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(dir, 'Default/Cache'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'Default/Code Cache'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'Default/Cookies'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'Local State'))).toBe(true);
    console.log(`a fresh Chromium profile: ${result.freedBytes} bytes of cache freed`);
  }, 90_000);
});
