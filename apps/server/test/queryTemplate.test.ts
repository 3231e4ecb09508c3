import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { QueryTemplates } from '../src/db/queryTemplate.ts';
import { openTestDatabase } from './support/testDatabase.ts';

// A query compiled once per shape and run with new values must answer as the query built for
// those values does, on the suite's database (SQLite, or PostgreSQL with FACET_TEST_DB=postgres).
describe('query templates', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    const rows = Array.from({ length: 30 }, (_, i) => ({ signature: `sig-${String(i).padStart(2, '0')}`, expires_at: 1000 + i }));
    await database.db.insertInto('seen_signatures').values(rows).execute();
  });
  afterAll(() => drop());

  const build = (db: DatabaseHandle['db'], v: { after: number; limit: number; offset: number }) =>
    db.selectFrom('seen_signatures').select(['signature', 'expires_at']).where('expires_at', '>', v.after).orderBy('signature').limit(v.limit).offset(v.offset);

  it('answers each set of values as the query built for them, building once', async () => {
    const templates = new QueryTemplates();
    let builds = 0;
    for (const values of [{ after: 1000, limit: 5, offset: 0 }, { after: 1010, limit: 3, offset: 4 }, { after: 1028, limit: 10, offset: 0 }, { after: 2000, limit: 5, offset: 0 }]) {
      const fromTemplate = await templates.run(database.db, 'signatures', values, (v) => {
        builds++;
        return build(database.db, v);
      });
      expect(fromTemplate).toEqual(await build(database.db, values).execute());
    }
    expect(builds).toBe(1);
    // The last one matched nothing; the one before, exactly one row.
    expect(await templates.run(database.db, 'signatures', { after: 1028, limit: 10, offset: 0 }, (v) => build(database.db, v))).toEqual([{ signature: 'sig-29', expires_at: 1029 }]);
  });

  it('runs inside a transaction of the same database with the template made outside it', async () => {
    const templates = new QueryTemplates();
    await templates.run(database.db, 'signatures', { after: 0, limit: 1, offset: 0 }, (v) => build(database.db, v));
    const inside = await database.db.transaction().execute((trx) =>
      templates.run(trx, 'signatures', { after: 1020, limit: 2, offset: 1 }, (v): ReturnType<typeof build> => {
        throw new Error(`built again for ${v.after}`);
      }),
    );
    expect(inside.map((r) => r.signature)).toEqual(['sig-22', 'sig-23']);
  });

  it('refuses a template whose stand-in was changed on its way instead of running it as text', async () => {
    const templates = new QueryTemplates();
    const derived = templates.run(database.db, 'derived', { prefix: 'sig-1' }, (v) =>
      database.db.selectFrom('seen_signatures').select('signature').where(sql<boolean>`signature like ${`${v.prefix}%`}`),
    );
    await expect(derived).rejects.toThrow(/stand-in/);
  });

  it('keeps another database’s templates apart', async () => {
    const other = await openTestDatabase();
    try {
      const templates = new QueryTemplates();
      let builds = 0;
      const run = (db: DatabaseHandle['db']) =>
        templates.run(db, 'signatures', { after: 0, limit: 100, offset: 0 }, (v) => {
          builds++;
          return build(db, v);
        });
      expect(await run(database.db)).toHaveLength(30);
      expect(await run(other.database.db)).toEqual([]);
      expect(builds).toBe(2);
    } finally {
      await other.drop();
    }
  });
});
