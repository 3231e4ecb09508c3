import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle } from '../../src/db/connect.ts';

type Run = (query: ReturnType<typeof pidQuery>) => Promise<{ pid: number }[]>;
const pidQuery = (database: DatabaseHandle) => sql<{ pid: number }>`select pg_backend_pid() as pid`.compile(database.db);

/**
 * Ends, from another connection, the PostgreSQL backend a pool's idle connection holds (as a
 * restart of PostgreSQL or an administrator would), then asks through the pool again. Gives the
 * two backends' ids; an 'error' left unheard on the pool fails the test file instead.
 */
export async function backendsAcrossAnEnd(database: DatabaseHandle, run: Run): Promise<{ before: number; after: number }> {
  const before = (await run(pidQuery(database)))[0]!.pid;
  const observer = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await observer.connect();
  try {
    await observer.query('select pg_terminate_backend($1)', [before]);
  } finally {
    await observer.end();
  }
  // node-postgres hears of the end on the idle connection: an 'error' on the pool.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { before, after: (await run(pidQuery(database)))[0]!.pid };
}
