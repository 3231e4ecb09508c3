import { createHash } from 'node:crypto';
import type { CompiledQuery, Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema.ts';

/**
 * Statements PostgreSQL plans once per connection instead of once per call.
 *
 * node-postgres (through Kysely) sends every statement unnamed, so PostgreSQL plans it again
 * with each call's values: for the browser list's page that is 0.3–0.46 ms of PostgreSQL's CPU
 * per call, more than running it (0.2–0.3 ms). A named prepared statement keeps its plan, but
 * PostgreSQL's own choice (plan_cache_mode = auto) keeps custom plans for any statement whose
 * LIMIT or OFFSET is a value: it prices a generic plan as if a tenth of the rows were read. So
 * such statements run as named statements on connections of their own, whose plan_cache_mode
 * is force_generic_plan; the server's other connections keep PostgreSQL's choice, because a
 * generic plan is only right where one plan suits every value. Only statements whose generic
 * plan was read and is checked by a test go here (test/genericPlans.test.ts): the unfiltered
 * browser list, which in every order reads its page through its own ordered index, and the
 * session lookup of every signed call, one row by a unique key.
 */
const poolsByDatabase = new WeakMap<object, pg.Pool>();

/** node-postgres's `options` for such connections (beside the schema's search_path). */
export const genericPlanOptions = '-c plan_cache_mode=force_generic_plan';

/** Statements of `db` (the database itself, never a transaction of it) planned once go through `pool`. */
export function planOnceThrough(db: Kysely<Database>, pool: pg.Pool): void {
  poolsByDatabase.set(db, pool);
}

const names = new Map<string, string>();
/** Statements whose prepared form went stale after a schema change: run unnamed from then on. */
const stale = new Set<string>();

/** PostgreSQL's answer to a prepared statement whose columns changed since it was prepared. */
const RESULT_TYPE_CHANGED = '0A000';

/**
 * The rows of `query`, planned once per connection where `db` has such connections (PostgreSQL);
 * elsewhere — SQLite, a transaction, a statement gone stale — as any other statement.
 */
export async function rowsPlannedOnce<R>(db: Kysely<Database>, query: CompiledQuery<R>): Promise<R[]> {
  const pool = poolsByDatabase.get(db);
  if (!pool || stale.has(query.sql)) return (await db.executeQuery(query)).rows;
  let name = names.get(query.sql);
  if (!name) names.set(query.sql, (name = `facet_${createHash('sha256').update(query.sql).digest('hex').slice(0, 24)}`));
  try {
    return (await pool.query<R & pg.QueryResultRow>({ name, text: query.sql, values: query.parameters as unknown[] })).rows;
  } catch (error) {
    // A migration run while the server runs (the operator CLI) can change a statement's columns;
    // each connection would refuse its prepared copy from then on.
    if ((error as { code?: unknown }).code !== RESULT_TYPE_CHANGED) throw error;
    stale.add(query.sql);
    return (await db.executeQuery(query)).rows;
  }
}
