import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect.ts';
import { signUp } from './flows.ts';
import { onPostgres, startTestServer } from './harness.ts';

const openToOthers = (file: string) => fs.statSync(file).mode & 0o077;

// Another user of the machine must not read accounts, sessions or sealed secrets.
describe.skipIf(onPostgres)('the embedded database on disk', () => {
  it('is readable by the server\'s own user only, with its WAL files', async () => {
    const server = await startTestServer();
    await signUp(server);
    const files = fs.readdirSync(server.dataDir).filter((name) => name.startsWith('facet.sqlite'));
    expect(files).toEqual(expect.arrayContaining(['facet.sqlite', 'facet.sqlite-wal', 'facet.sqlite-shm']));
    expect(files.map((name) => [name, openToOthers(path.join(server.dataDir, name))])).toEqual(files.map((name) => [name, 0]));
    await server.close();
  });

  it('narrows a database file an older version left readable to others', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-db-mode-'));
    try {
      fs.writeFileSync(path.join(dataDir, 'facet.sqlite'), '', { mode: 0o644 });
      fs.chmodSync(path.join(dataDir, 'facet.sqlite'), 0o644);
      const database = await connectDatabase({ dataDir, databaseUrl: null });
      expect(openToOthers(path.join(dataDir, 'facet.sqlite'))).toBe(0);
      await database.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
