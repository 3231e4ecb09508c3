import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DirectoryError, listDirectory, probeWritable } from './directories.ts';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-dirs-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('listing folders for the picker', () => {
  it('lists folders only, in a person\'s order, hidden ones only when asked', async () => {
    for (const name of ['b', 'A', 'profile 10', 'profile 9', '.hidden']) fs.mkdirSync(path.join(root, name));
    fs.writeFileSync(path.join(root, 'file.txt'), '');
    fs.symlinkSync(path.join(root, 'b'), path.join(root, 'link-to-b'));
    fs.symlinkSync(path.join(root, 'gone'), path.join(root, 'broken'));
    const listing = await listDirectory(root);
    expect(listing).toEqual({ path: root, parent: path.dirname(root), entries: ['A', 'b', 'link-to-b', 'profile 9', 'profile 10'].map((name) => ({ name })), truncated: false });
    expect((await listDirectory(root, true)).entries.map((e) => e.name)).toContain('.hidden');
  });

  it('starts at the home folder and ends at the root', async () => {
    expect((await listDirectory(undefined)).path).toBe(os.homedir());
    expect((await listDirectory('/')).parent).toBeNull();
  });

  it('names what is missing and what is not allowed', async () => {
    await expect(listDirectory(path.join(root, 'nope'))).rejects.toMatchObject({ reason: 'notFound' });
    fs.writeFileSync(path.join(root, 'file.txt'), '');
    await expect(listDirectory(path.join(root, 'file.txt'))).rejects.toMatchObject({ reason: 'notFound' });
    await expect(listDirectory('relative/path')).rejects.toBeInstanceOf(DirectoryError);
    await expect(listDirectory('relative/path')).rejects.toMatchObject({ reason: 'notAllowed' });
  });

  it('finds out whether the agent can write by writing, and leaves nothing behind', async () => {
    expect(await probeWritable(root)).toBe(true);
    expect(fs.readdirSync(root)).toEqual([]);
    expect(await probeWritable('/sys')).toBe(false);
  });
});
