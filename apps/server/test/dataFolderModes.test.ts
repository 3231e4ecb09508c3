import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Every folder and file under the data folder (and it) whose mode lets group or others in. */
function openToOthers(root: string): string[] {
  const open: string[] = [];
  const visit = (file: string) => {
    const stat = fs.lstatSync(file);
    if ((stat.mode & 0o077) !== 0) open.push(`${path.relative(root, file) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(file)) visit(path.join(file, name));
  };
  visit(root);
  return open;
}

const blobs = () => server.facet.services.blobs;

// POSIX modes: Windows has none to check.
describe.skipIf(process.platform === 'win32')('the data folder is its owner\'s alone', () => {
  it('creates folders 0700 and files 0600: blobs (named by profile ids), secrets, outbox, database', async () => {
    // The umask a service manager or a shell commonly runs with: without a mode, folders came out 0755.
    const umask = process.umask(0o022);
    try {
      await blobs().put('sync/k3x9profile/chunk1', Buffer.from('state'));
      await blobs().put('plugins/0123abcd', Buffer.from('zip'));
      await signUp(server); // a mail into the outbox
    } finally {
      process.umask(umask);
    }
    for (const folder of ['blobs', 'blobs/sync', 'blobs/sync/k3x9profile', 'secrets', 'outbox']) expect(fs.existsSync(path.join(server.dataDir, folder)), folder).toBe(true);
    expect(openToOthers(server.dataDir)).toEqual([]);
  });

  it('narrows folders and files an older version left wider, at start', async () => {
    await blobs().put('sync/olderprofile/chunk1', Buffer.from('state'));
    const wider = ['.', 'blobs', 'blobs/sync', 'blobs/sync/olderprofile', 'secrets', 'outbox'];
    for (const folder of wider) fs.chmodSync(path.join(server.dataDir, folder), 0o755);
    for (const file of fs.readdirSync(path.join(server.dataDir, 'secrets'))) fs.chmodSync(path.join(server.dataDir, 'secrets', file), 0o644);
    if (fs.existsSync(path.join(server.dataDir, 'facet.sqlite'))) fs.chmodSync(path.join(server.dataDir, 'facet.sqlite'), 0o644);
    expect(openToOthers(server.dataDir).length).toBeGreaterThanOrEqual(wider.length);

    await server.restart();
    expect(openToOthers(server.dataDir)).toEqual([]);
    // Narrowed, not emptied: the owner still reads and writes.
    expect((await blobs().get('sync/olderprofile/chunk1'))?.toString()).toBe('state');
  });
});
