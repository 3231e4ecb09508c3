import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { AuthChangeFeed } from './authChangeFeed.ts';
import { AuthWritesPlugin } from './authWrites.ts';
import { genericPlanOptions, planOnceThrough } from './genericPlans.ts';
import { postgresChangeFeed } from './postgresChangeFeed.ts';
import { sqliteChangeFeed } from './sqliteChangeFeed.ts';
import type { Database } from './schema.ts';
import { withStatementCache } from './statementCache.ts';

type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema the tables live in; null on SQLite. */
  schema: string | null;
  /** This process's own writes to accounts and sessions, as they happen (the session cache's). */
  authWrites: AuthWritesPlugin;
  /** Other processes' writes to accounts and sessions; opened by the server only. */
  openChangeFeed(log: FastifyBaseLogger): Promise<AuthChangeFeed>;
  close(): Promise<void>;
}

interface ConnectOptions {
  dataDir: string;
  databaseUrl: string | null;
  /** PostgreSQL schema to work in (tests give each run its own); created when missing. */
  schema?: string;
}

// PostgreSQL returns BIGINT as strings; our bigints are millisecond times, safe as numbers.
pg.types.setTypeParser(20, (value) => Number(value));

export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return connectPostgres(options.databaseUrl, options.schema);
  return connectSqlite(path.join(options.dataDir, 'facet.sqlite'));
}

function connectSqlite(file: string): DatabaseHandle {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Owner-only, made so before SQLite opens it: its WAL and shared-memory files take the
  // database file's permissions. A file of an older version is narrowed too.
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  fs.chmodSync(file, 0o600);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a confirmed write survives power loss, which matters for payments and transfers.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // The operator CLI writes while the server runs; wait for the lock instead of failing.
  sqlite.pragma('busy_timeout = 5000');
  // Planner statistics, as SQLite advises for a long-lived connection: at open (0x10002 also
  // looks at tables never analysed), every few hours, and at close. Without them a freshly
  // filled table can be read through the wrong index.
  sqlite.pragma('optimize = 0x10002');
  const optimizer = setInterval(() => sqlite.pragma('optimize'), 3 * 3600_000);
  optimizer.unref();
  const authWrites = new AuthWritesPlugin();
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), plugins: [authWrites] });
  const close = async () => {
    clearInterval(optimizer);
    if (sqlite.open) sqlite.pragma('optimize');
    await db.destroy();
  };
  return { db, dialect: 'sqlite', schema: null, authWrites, openChangeFeed: async () => sqliteChangeFeed(sqlite), close };
}

async function connectPostgres(url: string, schema?: string): Promise<DatabaseHandle> {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`bad schema name ${schema}`);
  if (schema) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Connections are kept, not closed after node-postgres's default 10 s idle: a new backend
    // plans its first statements with cold catalog caches, and the list's (subqueries, JSON) then
    // took 10–70 ms instead of 1–2. Under a load that rises and falls, the pool kept closing and
    // opening connections, and at 500 list requests/s p99 was 30–116 ms; kept, 10–16 ms.
    idleTimeoutMillis: 0,
    // Kept connections must not hold a process open once its work is done (an operator command).
    allowExitOnIdle: true,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  replaceEndedIdleConnections(pool);
  const authWrites = new AuthWritesPlugin();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [authWrites] });
  // A few connections of its own for the statements planned once (db/genericPlans.ts).
  const plannedOnce = new pg.Pool({
    connectionString: url,
    max: 4,
    idleTimeoutMillis: 0,
    allowExitOnIdle: true,
    options: [...(schema ? [`-c search_path=${schema}`] : []), genericPlanOptions].join(' '),
  });
  replaceEndedIdleConnections(plannedOnce);
  planOnceThrough(db, plannedOnce);
  const close = async () => {
    await db.destroy();
    await plannedOnce.end();
  };
  return { db, dialect: 'postgres', schema: schema ?? 'public', authWrites, openChangeFeed: async (log) => postgresChangeFeed(url, await currentSchema(db), log), close };
}

/**
 * The schema Facet's tables are in, as PostgreSQL names it in its triggers: the first of the
 * connections' search_path, which may also come from DATABASE_URL's options or the role's settings.
 */
async function currentSchema(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  if (!rows[0]?.schema) throw new Error('PostgreSQL names no current schema (an empty search_path)');
  return rows[0].schema;
}

/**
 * A connection PostgreSQL ends while it is idle in the pool (a restart of PostgreSQL, an
 * administrator's pg_terminate_backend, idle_session_timeout) is dropped by the pool and a new
 * one made at the next ask. node-postgres reports it as an 'error' event on the pool, which
 * without a listener is thrown and ends the server. A query's own error reaches its caller.
 */
function replaceEndedIdleConnections(pool: pg.Pool): void {
  pool.on('error', () => {});
}
