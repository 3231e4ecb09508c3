import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearProfileData } from './profileData.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-profile-data-'));
  for (const [file, bytes] of Object.entries({
    'Local State': 10,
    'Default/Cookies': 100,
    'Default/Network/Cookies': 200,
    'Default/Local Storage/leveldb/000003.log': 300,
    'Default/IndexedDB/https_shop.example_0.indexeddb.leveldb/LOG': 400,
    'Default/History': 500,
    'Default/Cache/Cache_Data/data_1': 600,
    'Default/Preferences': 20,
    'Profile 1/History': 700,
  })) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), Buffer.alloc(bytes, 1));
  }
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const exists = (file: string) => fs.existsSync(path.join(dir, file));

describe('clearing kinds of a profile\'s local data', () => {
  it('removes what each kind names in every Chromium profile, and nothing else', async () => {
    expect(await clearProfileData(dir, ['cookie', 'history'])).toBe(100 + 200 + 500 + 700);
    expect(['Default/Cookies', 'Default/Network/Cookies', 'Default/History', 'Profile 1/History'].filter(exists)).toEqual([]);
    expect(['Local State', 'Default/Preferences', 'Default/Local Storage/leveldb/000003.log', 'Default/IndexedDB', 'Default/Cache'].every(exists)).toBe(true);
    expect(await clearProfileData(dir, ['local_storage', 'indexeddb', 'image_file'])).toBe(300 + 400 + 600);
    expect(['Default/Local Storage', 'Default/IndexedDB', 'Default/Cache'].filter(exists)).toEqual([]);
  });

  it('follows no link out of the profile, and has nothing to do for a profile never opened here', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-outside-'));
    fs.writeFileSync(path.join(outside, 'precious'), 'x');
    fs.rmSync(path.join(dir, 'Default/History'));
    fs.symlinkSync(outside, path.join(dir, 'Default/History'));
    await clearProfileData(dir, ['history']);
    expect(fs.existsSync(path.join(outside, 'precious'))).toBe(true);
    fs.rmSync(outside, { recursive: true, force: true });
    expect(await clearProfileData(path.join(dir, 'never'), ['cookie'])).toBe(0);
  });
});
