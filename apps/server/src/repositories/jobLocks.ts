import { SqliteAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { JobLock } from '../guards/jobLock.ts';

/**
 * The jobs' lock in the database, for instances sharing a PostgreSQL without Redis: a
 * session-level advisory lock, held on one pooled connection for the run. PostgreSQL lets it go
 * if that connection drops (a crashed server never leaves it held). The lock's number is a hash
 * of the schema and the job, so two Facets (or parallel tests) in other schemas of the same
 * database do not hold each other up. On SQLite it just runs: one database file is used by one
 * server process.
 */
export class DatabaseJobLock implements JobLock {
  private readonly onSqlite: boolean;

  constructor(private readonly db: Kysely<Database>) {
    this.onSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  }

  async runAlone(job: string, body: () => Promise<void>): Promise<boolean> {
    if (this.onSqlite) {
      await body();
      return true;
    }
    // The body uses other connections of the pool; this one only holds the lock.
    return this.db.connection().execute(async (connection) => {
      const lockId = sql`hashtext(current_schema()::text || ':' || ${job}::text)`;
      const { rows } = await sql<{ taken: boolean }>`select pg_try_advisory_lock(${lockId}) as taken`.execute(connection);
      if (!rows[0]?.taken) return false;
      try {
        await body();
      } finally {
        await sql`select pg_advisory_unlock(${lockId})`.execute(connection);
      }
      return true;
    });
  }
}
