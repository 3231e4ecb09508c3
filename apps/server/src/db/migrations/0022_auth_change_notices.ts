import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL tells every listening server instance (db/postgresChangeFeed.ts) which account's row
 * or sessions changed, when the change commits, so their session caches forget it: a sign-out, a
 * password change, a disabled or deleted account, a refreshed token. Triggers, so that every write
 * path — any instance, the operator CLI, a cascade — is heard. A session's `last_seen_at` alone
 * is not a change (the cache keeps its own copy), so the sessions trigger names its columns.
 * The function lives in Facet's schema and sends the schema with the account id: several
 * deployments (or test schemas) may share a database and its channels.
 *
 * SQLite needs nothing: one server process uses the file, and other connections' commits show in
 * its `data_version` (db/sqliteChangeFeed.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create function facet_auth_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('facet_auth_changes', tg_table_schema || ' ' || (to_jsonb(old) ->> tg_argv[0]));
      return null;
    end $$`.execute(db);
  await sql`create trigger accounts_auth_changed after update or delete on accounts
    for each row execute function facet_auth_changed('id')`.execute(db);
  await sql`create trigger sessions_auth_changed after update of account_id, token_hash, expires_at or delete on sessions
    for each row execute function facet_auth_changed('account_id')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop trigger sessions_auth_changed on sessions`.execute(db);
  await sql`drop trigger accounts_auth_changed on accounts`.execute(db);
  await sql`drop function facet_auth_changed()`.execute(db);
}
