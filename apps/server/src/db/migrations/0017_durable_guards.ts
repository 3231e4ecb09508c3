import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * What used to live in the server process and was lost at each restart: the signatures the
 * replay guard accepted, the rate limiter's windows and the login throttle's tallies. And the
 * answers kept for Idempotency-Key, 24 hours per (account, key).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Every signed call writes a row of seen_signatures, and sign-ins, captchas and refreshes one
  // of rate_counters. On PostgreSQL both tables are UNLOGGED: no WAL, so no flush to disk per
  // write (an insert into a logged table cost ~0.95 ms on an idle machine, 3 ms on a busy one;
  // unlogged ~0.2 and 0.5 ms, mostly the round trip). They survive restarts of Facet and of
  // PostgreSQL; a crash of PostgreSQL empties them (and replicas do not have them): requests
  // signed in the last ±300 s could be replayed once, and counts start afresh, as every
  // restart did before. SQLite gets the same trade per write (repositories/relaxedWrite.ts).
  const unlogged = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('seen_signatures')
    .$call((table) => (unlogged ? table.modifyFront(sql`unlogged`) : table))
    .addColumn('signature', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('seen_signatures_expires_at_idx').on('seen_signatures').column('expires_at').execute();

  // One row per counter: a rate limiter window or a login throttle tally. The key is the SHA-256
  // of what is counted (a rule and a subject: an address, an account, a login name as typed),
  // so the table holds no addresses and no mistyped passwords.
  await db.schema
    .createTable('rate_counters')
    .$call((table) => (unlogged ? table.modifyFront(sql`unlogged`) : table))
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_counters_expires_at_idx').on('rate_counters').column('expires_at').execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('key', 'varchar(128)', (c) => c.notNull())
    // SHA-256 of the call's path and payload: the same key with another request is refused.
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    // When this request was taken on; also tells a late finisher whether the row is still its own.
    .addColumn('claimed_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    // Both null while the request is being worked on.
    .addColumn('status', 'integer')
    // The answer's envelope, sealed (guards/idempotency.ts): answers carry proxy passwords, tokens.
    .addColumn('answer', 'text')
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['account_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_expires_at_idx').on('idempotency_keys').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropTable('rate_counters').execute();
  await db.schema.dropTable('seen_signatures').execute();
}
