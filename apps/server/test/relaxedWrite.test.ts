import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { RelaxedWrite } from '../src/repositories/relaxedWrite.ts';
import { onPostgres } from './harness.ts';
import { openTestDatabase } from './support/testDatabase.ts';

const level = async (db: DatabaseHandle['db']) => Number((await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0]!.synchronous);

// SQLite only: PostgreSQL's relaxed tables are UNLOGGED instead, and the write runs as given.
describe.skipIf(onPostgres)('a relaxed write on SQLite', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  it('commits at NORMAL and gives the connection its own level back, also after a failed write', async () => {
    const relaxed = new RelaxedWrite(database.db);
    expect(await level(database.db)).toBe(2);
    const during = await relaxed.run(async (db) => {
      await db.insertInto('seen_signatures').values({ signature: 'relaxed-1', expires_at: 1 }).execute();
      return level(db);
    });
    expect(during).toBe(1);
    expect(await level(database.db)).toBe(2);
    await expect(relaxed.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await level(database.db)).toBe(2);
    expect(await database.db.selectFrom('seen_signatures').select('signature').where('signature', '=', 'relaxed-1').execute()).toHaveLength(1);
  });
});
