import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { withRowsBuiltInJs } from './rowsBuiltInJs.ts';

/**
 * better-sqlite3 for Kysely, with prepared statements kept by their SQL text. Kysely prepares
 * every query anew, which cost about a third of a millisecond per call on the browser list
 * (profiled at 400 requests/s); the same few statements run over and over, so they are kept,
 * least recently used dropped first (lists of ids make many one-off texts).
 */
export function withStatementCache(sqlite: SQLite.Database, capacity = 500): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  const readVersion = sqlite.prepare('pragma schema_version').pluck();
  const schemaVersion = () => readVersion.get() as number;
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        // Re-insert: Map order is our recency order.
        cache.delete(sql);
      } else {
        statement = withRowsBuiltInJs(sqlite.prepare(sql), schemaVersion);
        if (cache.size >= capacity) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}
