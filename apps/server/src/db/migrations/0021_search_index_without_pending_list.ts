import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** The three pg_trgm indexes of migration 0020. */
const indexes = ['profiles_name_trgm_idx', 'profiles_remark_trgm_idx', 'profiles_proxy_host_trgm_idx'];

/**
 * PostgreSQL's GIN indexes take new rows into a pending list by default (`fastupdate`), merged
 * into the index only by (auto)vacuum or once the list outgrows 4 MB, and every search reads the
 * whole list. After a batch create or an import that list held ~12,000 entries, and a search over
 * 100,000 profiles took 15 ms instead of 1 ms until autovacuum came by (measured on 2026-11-27).
 * Without it, each write updates the index itself: ~25 µs more per profile written. SQLite's
 * FTS5 table has no such list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const index of indexes) {
    await sql`alter index ${sql.id(index)} set (fastupdate = off)`.execute(db);
    // What is pending already goes into the index now rather than at the next vacuum.
    await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const index of indexes) await sql`alter index ${sql.id(index)} reset (fastupdate)`.execute(db);
}
