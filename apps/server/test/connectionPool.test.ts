import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { onPostgres } from './harness.ts';
import { backendsAcrossAnEnd } from './support/endedConnection.ts';
import { openTestDatabase } from './support/testDatabase.ts';

/**
 * PostgreSQL: the server's connections outlive a quiet spell. node-postgres closes a connection
 * idle for 10 s by default, and the next burst of requests then waited for new backends whose
 * cold catalog caches made the list's first plans take 10–70 ms (db/connect.ts).
 */
describe.skipIf(!onPostgres)("the server's PostgreSQL connections", () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  it('stay open through more than ten idle seconds', { timeout: 30_000 }, async () => {
    // Several at once, so the pool opens several connections.
    const pids = await Promise.all(Array.from({ length: 4 }, async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.2)`.execute(database.db)).rows[0]!.pid));
    expect(new Set(pids).size).toBeGreaterThan(1);
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    const observer = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await observer.connect();
    try {
      const { rows } = await observer.query<{ pid: number }>('select pid from pg_stat_activity where pid = any($1::int[])', [[...new Set(pids)]]);
      expect(rows.map((row) => row.pid).sort()).toEqual([...new Set(pids)].sort());
    } finally {
      await observer.end();
    }
  });

  it('replace one that PostgreSQL ended while it was idle, without ending the server', async () => {
    const { before, after } = await backendsAcrossAnEnd(database, async (query) => (await database.db.executeQuery(query)).rows);
    expect(after).not.toBe(before);
  });
});
