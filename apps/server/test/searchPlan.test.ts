import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listQuerySchema } from '@facet/contracts';
import { connectDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { Database } from '../src/db/schema.ts';
import { ProfilesRepository } from '../src/repositories/profiles.ts';
import { onPostgres } from './harness.ts';

/**
 * SQLite plans a search from the FTS5 table's candidates, fetched by rowid, whatever its
 * statistics say: on a database without them (a fresh install, or a bench seeded after the
 * start) it read the account's 100,000 profiles through the owner's index to keep one, 4 ms a
 * search instead of 0.25. The plan is read with EXPLAIN QUERY PLAN from the statements the
 * repository ran, on a migrated database that has never been analysed.
 */
describe.skipIf(onPostgres)('a SQLite search plan', () => {
  let dataDir: string;
  let db: Kysely<Database>;
  let raw: SQLite.Database;
  const ran: CompiledQuery[] = [];
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-search-plan-'));
    const migrated = await connectDatabase({ dataDir, databaseUrl: null });
    await migrateToLatest(migrated);
    await migrated.close();
    raw = new SQLite(path.join(dataDir, 'facet.sqlite'));
    raw.exec('delete from sqlite_stat1');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }), log: (event) => void ran.push(event.query) });
  });
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The plan's lines for `p` (the profiles read), of each statement run that searched. */
  const plansOfSearches = () =>
    ran
      .filter((query) => query.sql.includes('profile_search'))
      .map((query) => raw.prepare(`explain query plan ${query.sql}`).all(...(query.parameters as unknown[])).map((row) => (row as { detail: string }).detail).filter((detail) => / p /.test(`${detail} `)));

  it.each([
    ['the browser list', (repo: ProfilesRepository) => repo.listOwned('acc_1', listQuerySchema.parse({ search: 'seed 012345' }), 0)],
    ['a group of it', (repo: ProfilesRepository) => repo.listOwned('acc_1', listQuerySchema.parse({ search: 'amazon', groupId: 'grp_1' }), 0)],
    ['the recycle bin', (repo: ProfilesRepository) => repo.listDeleted('acc_1', 1, 20, 'seed 012345')],
  ])('%s reads the candidates by rowid, not the account through an index', async (_name, search) => {
    ran.length = 0;
    await search(new ProfilesRepository(db));
    const plans = plansOfSearches();
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      expect(plan, plan.join('\n')).toContainEqual(expect.stringMatching(/^SEARCH p USING INTEGER PRIMARY KEY \(rowid=\?\)/));
      expect(plan.filter((detail) => /^(SEARCH|SCAN) p USING (COVERING )?INDEX/.test(detail)), plan.join('\n')).toEqual([]);
    }
    expect(await sql`select count(*) as n from sqlite_stat1`.execute(db).then((r) => r.rows)).toEqual([{ n: 0 }]);
  });
});
