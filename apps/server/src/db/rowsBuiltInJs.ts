import type SQLite from 'better-sqlite3';
import type { SqliteStatement } from 'kysely';

/**
 * A reading statement whose rows come from better-sqlite3 as arrays and become objects here.
 * better-sqlite3 builds an object row through V8's API, one property at a time: for the browser
 * list's page (20 rows of 28 columns) that was about half of reading it (about 110 of 196 µs,
 * docs/benchmarks.md). An array row and an object literal compiled once per statement cost about
 * half as much, and the rows are the same plain objects: same names, same values, the last of
 * two equal names kept.
 *
 * After a schema change SQLite prepares a kept statement again by itself, and its columns may be
 * others (a migration of this server, or of the operator CLI while the server runs: a renamed or
 * replaced column keeps the width). So the names are made for a schema version, read before and
 * after each run (about 1 µs each): when either differs, the names are read again from the
 * statement as it just ran, and a change in between makes the next run read them too.
 */
export function withRowsBuiltInJs(statement: SQLite.Statement, schemaVersion: () => number): SqliteStatement {
  if (!statement.reader) return statement;
  let builtFor = -1;
  // Made on the first run: no schema version is -1.
  let toObject: (row: unknown[]) => Record<string, unknown> = () => ({});
  statement.raw(true);
  const objects = (rows: unknown[][], before: number): Record<string, unknown>[] => {
    const after = schemaVersion();
    if (before !== builtFor || after !== before) {
      toObject = rowBuilder(statement.columns().map((column) => column.name));
      builtFor = after === before ? before : -1;
    }
    return rows.map(toObject);
  };
  return {
    reader: true,
    all: (parameters) => {
      const before = schemaVersion();
      return objects(statement.all(parameters) as unknown[][], before);
    },
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      const before = schemaVersion();
      for (const row of statement.iterate(parameters) as IterableIterator<unknown[]>) yield objects([row], before)[0];
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
