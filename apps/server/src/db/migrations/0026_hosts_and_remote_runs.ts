import type { Kysely } from 'kysely';

/**
 * Issue 39, profiles that run on the team's hosts and open in any browser.
 *
 * - `hosts`: Linux machines of a team (its main account) that run profiles for remote use. The
 *   host's token is kept as its SHA-256 only; its device key is what launches are sealed to.
 * - `host_codes`: one-time codes a main account makes for a new host; kept hashed, usable once.
 * - `remote_runs`: one profile started on a host for one person. Its run token (hashed) lets the
 *   host act for that person on that one profile (launch, lease, state) and ends with the run;
 *   rows stay after `ended_at` for a day, for the hosts list's figures and late reports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('hosts')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('team_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('device_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint')
    /** The host's last load report, JSON (contracts: hostLoadSchema). */
    .addColumn('load', 'text')
    .execute();
  await db.schema.createIndex('hosts_team_idx').on('hosts').column('team_id').execute();
  await db.schema
    .createTable('host_codes')
    .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('team_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('remote_runs')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('profile_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('host_id', 'varchar(40)', (c) => c.notNull().references('hosts.id').onDelete('cascade'))
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('run_token_hash', 'varchar(64)', (c) => c.notNull().unique())
    /** 'starting' | 'running' | 'failed' | 'stopped' */
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('failure', 'varchar(32)')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema.createIndex('remote_runs_profile_idx').on('remote_runs').column('profile_id').execute();
  await db.schema.createIndex('remote_runs_host_idx').on('remote_runs').column('host_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('remote_runs').execute();
  await db.schema.dropTable('host_codes').execute();
  await db.schema.dropTable('hosts').execute();
}
