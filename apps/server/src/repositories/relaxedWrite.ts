import { CompiledQuery, SqliteAdapter, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Runs writes that must outlive a restart of the server, not a power cut, without waiting for
 * the disk: the replay guard's signatures (one per signed call), rate counts, idempotency
 * claims. SQLite runs with synchronous=FULL (db/connect.ts: a confirmed payment survives a
 * power cut), so each commit waits for an fsync: 0.3 ms on an idle disk, 2–3 ms on a busy one,
 * the event loop blocked all the while. Such a write commits at NORMAL instead (in WAL mode:
 * safe once the process has written it; a power cut may drop the last ones, and the next FULL
 * commit makes them durable too), and the connection goes back to its own level at once. The
 * one connection is held for the three statements, so nothing else commits in between; never
 * call it inside a transaction of the same connection (it would wait for itself). PostgreSQL
 * needs nothing here: those tables are UNLOGGED (migration 0017), idempotency_keys excepted.
 */
// Compiled once: the replay guard runs these around every signed call's insert.
const readLevel = CompiledQuery.raw('pragma synchronous');
const relaxed = CompiledQuery.raw('pragma synchronous = normal');

export class RelaxedWrite {
  private readonly onSqlite: boolean;
  /** The connection's own `synchronous` level, read once, as the statement that restores it. */
  private restore: CompiledQuery | null = null;

  constructor(private readonly db: Kysely<Database>) {
    this.onSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  }

  run<T>(write: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    if (!this.onSqlite) return write(this.db);
    return this.db.connection().execute(async (connection) => {
      if (this.restore === null) {
        const { rows } = await connection.executeQuery<{ synchronous: number }>(readLevel);
        this.restore = CompiledQuery.raw(`pragma synchronous = ${Number(rows[0]?.synchronous ?? 2)}`);
      }
      await connection.executeQuery(relaxed);
      try {
        return await write(connection);
      } finally {
        await connection.executeQuery(this.restore);
      }
    });
  }
}
