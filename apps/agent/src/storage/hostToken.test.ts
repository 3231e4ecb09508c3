import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TempFolders } from '../../test/helpers/tempFolders.ts';
import { forgetHostToken, HOST_TOKEN_FILE, readHostToken, writeHostToken } from './hostToken.ts';

const folders = new TempFolders('host-token');
afterEach(() => folders.removeAll());

describe('the host token', () => {
  it('is kept owner-only, whole, for the server it was given by', () => {
    const dataDir = folders.make();
    expect(readHostToken(dataDir, 'http://a')).toBeNull();
    writeHostToken(dataDir, { server: 'http://a', hostId: 'h1', token: 'fht_one' });
    writeHostToken(dataDir, { server: 'http://a', hostId: 'h1', token: 'fht_two' });
    expect(readHostToken(dataDir, 'http://a')).toEqual({ server: 'http://a', hostId: 'h1', token: 'fht_two' });
    expect(fs.statSync(path.join(dataDir, HOST_TOKEN_FILE)).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dataDir)).toEqual([HOST_TOKEN_FILE]);
    expect(readHostToken(dataDir, 'http://b')).toBeNull();
    forgetHostToken(dataDir);
    expect(readHostToken(dataDir, 'http://a')).toBeNull();
  });

  it('counts a damaged file as none', () => {
    const dataDir = folders.make();
    fs.writeFileSync(path.join(dataDir, HOST_TOKEN_FILE), '{"server":');
    expect(readHostToken(dataDir, 'http://a')).toBeNull();
  });
});
