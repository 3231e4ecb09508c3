import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * better-sqlite3 for Kysely, with prepared statements kept by their SQL text. Kysely prepares
 * every query anew, which cost about a third of a millisecond per call on the browser list
 * (profiled at 400 requests/s); the same few statements run over and over, so they are kept,
 * least recently used dropped first (lists of ids make many one-off texts).
 */
export function withStatementCache(sqlite: SQLite.Database, capacity = 500): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      // A schema change (a migration) may change what a kept `select *` answers: start afresh.
      if (SCHEMA_CHANGE.test(sql)) cache.clear();
      let statement = cache.get(sql);
      if (statement) {
        // Re-insert: Map order is our recency order.
        cache.delete(sql);
      } else {
        statement = withRowsBuiltInJs(sqlite.prepare(sql));
        if (cache.size >= capacity) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

/**
 * A reading statement whose rows come from better-sqlite3 as arrays and become objects here.
 * better-sqlite3 builds an object row through V8's API, one property at a time: for the browser
 * list's page (20 rows of 28 columns) that was about half of reading it (about 110 of 196 µs,
 * docs/benchmarks.md). An array row and an object literal compiled once per statement cost about
 * half as much, and the rows are the same plain objects: same names, same values, the last of
 * two equal names kept.
 */
export function withRowsBuiltInJs(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  let width = 0;
  let toObject: (row: unknown[]) => Record<string, unknown> = () => ({});
  const build = () => {
    const names = statement.columns().map((column) => column.name);
    width = names.length;
    toObject = rowBuilder(names);
  };
  build();
  statement.raw(true);
  // SQLite prepares a statement again by itself after a schema change elsewhere (the operator
  // CLI's migration): a row of another width rebuilds the names.
  const rowsOf = (rows: unknown[][]): Record<string, unknown>[] => {
    if (rows.length > 0 && rows[0]!.length !== width) build();
    return rows.map(toObject);
  };
  return {
    reader: true,
    all: (parameters) => rowsOf(statement.all(parameters) as unknown[][]),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const row of statement.iterate(parameters) as IterableIterator<unknown[]>) yield rowsOf([row])[0];
    },
  };
}

/**
 * An object literal over the row's values, compiled once. The names are JSON strings in its
 * source, never code, so any text a column is named stays a key; `__proto__` as a literal's key
 * would set its prototype instead, so a row naming it is built by definition, more slowly (and
 * keeps that column as its own property, where better-sqlite3's setter dropped it).
 */
function rowBuilder(names: readonly string[]): (row: unknown[]) => Record<string, unknown> {
  if (names.includes('__proto__')) {
    return (row) => {
      const object: Record<string, unknown> = {};
      names.forEach((name, i) => Object.defineProperty(object, name, { value: row[i], writable: true, enumerable: true, configurable: true }));
      return object;
    };
  }
  return new Function('row', `return { ${names.map((name, i) => `${JSON.stringify(name)}: row[${i}]`).join(', ')} };`) as (row: unknown[]) => Record<string, unknown>;
}
