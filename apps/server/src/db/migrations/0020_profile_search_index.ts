import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * An index for the profile search (issue 16): any substring of name, remark or proxy host.
 * The repository still applies today's LIKE to what the index finds, so the results stay
 * exactly those of the scan; the index only narrows the rows it reads.
 *
 * - SQLite: `profile_search`, an FTS5 table with the trigram tokenizer (SQLite ≥ 3.34; the
 *   bundled one is newer), one row per profile under the profile's rowid, kept by triggers, so
 *   every write of a profile (create, batch, import, edit, proxy, transfer, bin, purge, an
 *   account's cascade) updates it in the same transaction and no write path can forget it.
 *   Deleted profiles stay in it (the recycle bin is searched too). The sealed secrets are never
 *   copied into it.
 * - PostgreSQL: pg_trgm GIN indexes on the three lowered columns the search compares, which
 *   PostgreSQL keeps itself. The extension goes into `public` (or stays where it already is), not
 *   into Facet's schema: dropping a schema would take the extension, and other schemas' indexes
 *   on it, along.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // Two servers (or parallel test schemas) migrating at once would both try to create it.
    await sql`select pg_advisory_xact_lock(hashtext('facet pg_trgm'))`.execute(db);
    const found = await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
    let schema = found.rows[0]?.schema;
    if (!schema) {
      await sql`create extension pg_trgm schema public`.execute(db);
      schema = 'public';
    }
    for (const column of ['name', 'remark', 'proxy_host']) {
      await sql`create index ${sql.id(`profiles_${column}_trgm_idx`)} on profiles using gin (lower(${sql.ref(column)}) ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
    }
    return;
  }
  await sql`create virtual table profile_search using fts5(name, remark, proxy_host, tokenize = 'trigram')`.execute(db);
  await sql`insert into profile_search (rowid, name, remark, proxy_host) select rowid, name, remark, proxy_host from profiles`.execute(db);
  await sql`create trigger profile_search_insert after insert on profiles begin
    insert into profile_search (rowid, name, remark, proxy_host) values (new.rowid, new.name, new.remark, new.proxy_host);
  end`.execute(db);
  await sql`create trigger profile_search_update after update of name, remark, proxy_host on profiles begin
    delete from profile_search where rowid = old.rowid;
    insert into profile_search (rowid, name, remark, proxy_host) values (new.rowid, new.name, new.remark, new.proxy_host);
  end`.execute(db);
  await sql`create trigger profile_search_delete after delete on profiles begin
    delete from profile_search where rowid = old.rowid;
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // The extension stays: other schemas of the database may use it.
    for (const column of ['name', 'remark', 'proxy_host']) await sql`drop index ${sql.id(`profiles_${column}_trgm_idx`)}`.execute(db);
    return;
  }
  for (const trigger of ['profile_search_insert', 'profile_search_update', 'profile_search_delete']) await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  await sql`drop table profile_search`.execute(db);
}
