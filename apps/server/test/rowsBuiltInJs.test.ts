import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withRowsBuiltInJs } from '../src/db/rowsBuiltInJs.ts';
import { withStatementCache } from '../src/db/statementCache.ts';
import { onPostgres } from './harness.ts';

/**
 * SQLite's rows are read as arrays and made objects in JavaScript (db/rowsBuiltInJs.ts, used by db/statementCache.ts): they
 * must be the very rows better-sqlite3 makes itself, and follow the schema when it changes.
 */
describe.skipIf(onPostgres)('rows of the SQLite statement cache', () => {
  let dir: string;
  let sqlite: SQLite.Database;
  let version: () => number;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-statement-cache-'));
    sqlite = new SQLite(path.join(dir, 'rows.sqlite'));
    sqlite.pragma('journal_mode = WAL');
    // Prepared once, as the cache does: nothing may be prepared while an iterator reads.
    const readVersion = sqlite.prepare('pragma schema_version').pluck();
    version = () => readVersion.get() as number;
    sqlite.exec("create table t (id integer primary key, name text, size real, data blob, note text); insert into t values (1, 'Shop DE-1', 1.5, x'0102', null), (2, 'Магазин 2', 2, null, 'x')");
  });
  afterEach(() => {
    sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const statements = [
    'select * from t order by id',
    // Two columns of one name: the last one's value, as better-sqlite3 keeps it.
    'select id, name, note as name from t order by id',
    // Names that are not identifiers.
    "select id, 'x' as \"a\"\"b\", 1 + 1, name as \"constructor\" from t order by id",
    'select count(*) as n from t where id > ?',
    "insert into t (name) values ('new') returning id, name",
  ];

  it.each(statements)('answers what better-sqlite3 answers: %s', (text) => {
    const parameters = text.includes('?') ? [0] : [];
    const own = sqlite.prepare(text).all(parameters) as Record<string, unknown>[];
    sqlite.exec("delete from t where name = 'new'");
    const built = withRowsBuiltInJs(sqlite.prepare(text), version).all(parameters) as Record<string, unknown>[];
    expect(built).toEqual(own);
    for (const [i, row] of built.entries()) {
      expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
      expect(Object.keys(row)).toEqual(Object.keys(own[i]!));
      expect(Object.getOwnPropertyNames(row)).toEqual(Object.getOwnPropertyNames(own[i]!));
    }
    const iterated = [...withRowsBuiltInJs(sqlite.prepare(text), version).iterate(parameters)];
    if (!text.startsWith('insert')) expect(iterated).toEqual(own);
  });

  it('keeps a column named __proto__ as an own property, where better-sqlite3 drops it; the prototype stays', () => {
    const [row] = withRowsBuiltInJs(sqlite.prepare('select id, name as __proto__ from t order by id'), version).all([]) as Record<string, unknown>[];
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe('Shop DE-1');
    expect(row!.id).toBe(1);
  });

  it('leaves writing statements as they are', () => {
    const statement = sqlite.prepare("update t set note = 'y' where id = 1");
    expect(withRowsBuiltInJs(statement, version)).toBe(statement);
  });

  const kept = () => {
    const db = new Kysely<Record<string, never>>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    return async () => (await sql<Record<string, unknown>>`select * from t order by id`.execute(db)).rows;
  };
  /** The operator CLI migrating the file while the server runs. */
  const elsewhere = (ddl: string) => {
    const other = new SQLite(path.join(dir, 'rows.sqlite'));
    other.exec(ddl);
    other.close();
  };

  it('follows a schema change of its own connection: a kept select * answers a renamed column by its new name', async () => {
    const all = kept();
    expect(Object.keys((await all())[0]!)).toEqual(['id', 'name', 'size', 'data', 'note']);
    sqlite.exec('-- a migration\nalter table t rename column note to remark');
    expect(Object.keys((await all())[0]!)).toEqual(['id', 'name', 'size', 'data', 'remark']);
  });

  it('follows a schema change made by another connection: a wider row brings its names', async () => {
    const all = kept();
    expect((await all())[0]).not.toHaveProperty('tag');
    elsewhere("alter table t add column tag text default 'red'");
    expect((await all())[0]).toMatchObject({ id: 1, name: 'Shop DE-1', tag: 'red' });
  });

  it('follows a schema change of the same width made by another connection: no value under another column\'s name', async () => {
    const all = kept();
    expect((await all())[0]).toEqual({ id: 1, name: 'Shop DE-1', size: 1.5, data: Buffer.from([1, 2]), note: null });
    elsewhere("alter table t drop column size; alter table t add column coins integer default 7");
    expect((await all())[0]).toEqual({ id: 1, name: 'Shop DE-1', data: Buffer.from([1, 2]), note: null, coins: 7 });
  });
});
