import { listQuerySchema, profileSortFields } from '@facet/contracts';
import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { rowsPlannedOnce } from '../src/db/genericPlans.ts';
import type { Database } from '../src/db/schema.ts';
import { ProfilesRepository } from '../src/repositories/profiles.ts';
import { SessionsRepository } from '../src/repositories/sessions.ts';
import { onPostgres } from './harness.ts';
import { backendsAcrossAnEnd } from './support/endedConnection.ts';
import { openTestDatabase } from './support/testDatabase.ts';

const BIG = 'acc_big';
const SMALL_ACCOUNTS = 300;

/**
 * PostgreSQL plans the unfiltered browser list and the session lookup once per connection
 * (db/genericPlans.ts). A generic plan is made without the account's id or the page's place, so
 * it must suit every account: here one of 3,000 profiles beside 300 of 4 each, analysed.
 */
describe.skipIf(!onPostgres)('statements PostgreSQL plans once', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let schema: string;
  /** The same database through a pool of its own, without statements planned once, logging what it runs. */
  let plain: Kysely<Database>;
  const ran: CompiledQuery[] = [];
  const observer = () => new pg.Client({ connectionString: process.env.DATABASE_URL, options: `-c search_path=${schema}` });

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    schema = database.schema!;
    const now = 1_800_000_000_000;
    await sql`insert into accounts (id, username, username_key, password_hash, type, invitation_code, status, created_at, updated_at)
      select a.id, a.id, a.id, 'x', 'main', a.id, 'active', ${now}::bigint, ${now}::bigint
      from (select ${BIG} as id union all select 'acc_small_' || g from generate_series(1, ${SMALL_ACCOUNTS}) g) a`.execute(database.db);
    await sql`insert into profiles (id, owner_id, serial, name, remark, os, icon_id, proxy_type, proxy_host, proxy_port, proxy_country, proxy_direct, proxy_has_credentials, settings, secrets, created_at, updated_at, last_used_at)
      select 'prf_' || o.id || '_' || g, o.id, g, 'Profile ' || md5(o.id || g), '', 'windows', 1, 'none', '', 0, '', 0, 0, '{}', '{}', ${now}::bigint - g * 1000, ${now}::bigint, case when g % 3 = 0 then null else ${now}::bigint - (g * 7919 % 1000) * 1000 end
      from accounts o, generate_series(1, case when o.id = ${BIG} then 3000 else 4 end) g`.execute(database.db);
    await sql`update accounts set live_profiles = (select count(*) from profiles where owner_id = accounts.id)`.execute(database.db);
    await sql`analyze`.execute(database.db);
    plain = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2, options: `-c search_path=${schema}` }) }),
      log: (event) => void ran.push(event.query),
    });
  });
  afterAll(async () => {
    await plain?.destroy();
    await drop();
  });

  const orders = profileSortFields.flatMap((sort) => (['desc', 'asc'] as const).map((order) => ({ sort, order })));

  it('answers every order of the list as PostgreSQL planning each call does', async () => {
    for (const { sort, order } of orders) {
      for (const [owner, page] of [[BIG, 1], [BIG, 37], ['acc_small_9', 1]] as const) {
        const query = listQuerySchema.parse({ page, limit: 20, sort, order });
        const once = await new ProfilesRepository(database.db).listOwned(owner, query, 0);
        const each = await new ProfilesRepository(plain).listOwned(owner, query, 0);
        expect(once.rows.map((row) => row.id), `${sort} ${order} ${owner} page ${page}`).toEqual(each.rows.map((row) => row.id));
        expect(once.rows).toEqual(each.rows);
        expect(once.total).toBe(owner === BIG ? 3000 : 4);
      }
    }
  });

  it('plans the list once on its connection and reuses that plan', async () => {
    const query = listQuerySchema.parse({ page: 2, limit: 20 });
    // One at a time: the pool hands the same idle connection back each time.
    for (let i = 0; i < 6; i++) await new ProfilesRepository(database.db).listOwned(BIG, { ...query, page: i + 1 }, 0);
    ran.length = 0;
    await new ProfilesRepository(plain).listOwned(BIG, query, 0);
    const text = ran.find((ranQuery) => / limit \$\d+ offset \$\d+/.test(ranQuery.sql))!.sql;
    const prepared = await rowsPlannedOnce(
      database.db,
      sql<{ generic_plans: string; custom_plans: string }>`select generic_plans, custom_plans from pg_prepared_statements where statement = ${text}`.compile(database.db),
    );
    expect(prepared).toHaveLength(1);
    expect(Number(prepared[0]!.generic_plans)).toBeGreaterThanOrEqual(6);
    expect(Number(prepared[0]!.custom_plans)).toBe(0);
  });

  it('reads each page through its ordered index under a generic plan, for a large account and a small one', async () => {
    const client = observer();
    await client.connect();
    try {
      await client.query('set plan_cache_mode = force_generic_plan');
      for (const { sort, order } of orders) {
        for (const owner of [BIG, 'acc_small_9']) {
          ran.length = 0;
          await new ProfilesRepository(plain).listOwned(owner, listQuerySchema.parse({ page: 3, limit: 20, sort, order }), 0);
          const page = ran.find((query) => / limit \$\d+ offset \$\d+/.test(query.sql))!;
          await client.query('deallocate all');
          await client.query(`prepare page as ${page.sql}`);
          const values = page.parameters.map((value) => (typeof value === 'string' ? `'${value.replace(/'/g, "''")}'` : String(value))).join(', ');
          const plan = (await client.query(`explain execute page(${values})`)).rows.map((row) => row['QUERY PLAN'] as string);
          const column = { serial: 'serial', name: 'name', createdAt: 'created_at', lastUsedAt: 'last_used_at' }[sort];
          const read = plan.find((line) => / on profiles p\b/.test(line)) ?? '';
          expect(read, `${sort} ${order} ${owner}:\n${plan.join('\n')}`).toMatch(new RegExp(`Index Scan${order === 'desc' ? ' Backward' : ''} using profiles_live_by_${column}_idx on profiles p`));
          expect(plan.filter((line) => /\bSort\b/.test(line)), plan.join('\n')).toEqual([]);
        }
      }
    } finally {
      await client.end();
    }
  });

  it('looks every session up through its unique token with one plan, reused', async () => {
    await sql`insert into sessions (id, account_id, token_hash, refresh_hash, expires_at, refresh_expires_at, keep, created_at, last_seen_at, ip, user_agent, client_info)
      select 'ses_' || g, 'acc_small_' || (1 + (g - 1) % ${SMALL_ACCOUNTS}), 'token_' || g, 'refresh_' || g, 1, 1, 0, 1, 1, '', '', '{}' from generate_series(1, 5000) g`.execute(database.db);
    await sql`analyze sessions`.execute(database.db);
    for (let i = 1; i <= 6; i++) {
      const found = await new SessionsRepository(database.db).findWithAccountByTokenHash(`token_${i}`);
      expect(found).toEqual(await new SessionsRepository(plain).findWithAccountByTokenHash(`token_${i}`));
      expect(found?.account.id).toBe(`acc_small_${i}`);
    }
    expect(await new SessionsRepository(database.db).findWithAccountByTokenHash('no such token')).toBeUndefined();
    const text = ran.filter((query) => /from "sessions" as "s"/.test(query.sql)).at(-1)!.sql;
    const [prepared] = await rowsPlannedOnce(
      database.db,
      sql<{ generic_plans: string; custom_plans: string }>`select generic_plans, custom_plans from pg_prepared_statements where statement = ${text}`.compile(database.db),
    );
    expect(Number(prepared!.generic_plans)).toBeGreaterThanOrEqual(7);
    expect(Number(prepared!.custom_plans)).toBe(0);
    const client = observer();
    await client.connect();
    try {
      await client.query('set plan_cache_mode = force_generic_plan');
      await client.query(`prepare lookup as ${text}`);
      const plan = (await client.query(`explain execute lookup('token_3')`)).rows.map((row) => row['QUERY PLAN'] as string).join('\n');
      expect(plan).toMatch(/Index Scan using sessions_token_hash_key on sessions s/);
      expect(plan).toMatch(/Index Scan using accounts_pkey on accounts a/);
    } finally {
      await client.end();
    }
  });

  it('runs a statement whose columns changed since it was prepared as any other, and keeps doing so', async () => {
    await sql`create table generic_probe (id integer primary key)`.execute(database.db);
    await sql`insert into generic_probe values (1), (2)`.execute(database.db);
    const probe = (id: number) => sql<{ id: number; note?: string }>`select * from generic_probe where id = ${id}`.compile(database.db);
    expect(await rowsPlannedOnce(database.db, probe(1))).toEqual([{ id: 1 }]);
    // A migration run by the operator CLI while the server runs.
    await sql`alter table generic_probe add column note text not null default 'added'`.execute(database.db);
    expect(await rowsPlannedOnce(database.db, probe(2))).toEqual([{ id: 2, note: 'added' }]);
    expect(await rowsPlannedOnce(database.db, probe(1))).toEqual([{ id: 1, note: 'added' }]);
  });

  it('replaces a connection that PostgreSQL ended while it was idle, without ending the server', async () => {
    const { before, after } = await backendsAcrossAnEnd(database, (query) => rowsPlannedOnce(database.db, query));
    expect(after).not.toBe(before);
  });
});
