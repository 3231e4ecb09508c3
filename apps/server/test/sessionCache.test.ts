import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Code, logoutCall, memberCall, passwordEditCall } from '@facet/contracts';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SessionsRepository } from '../src/repositories/sessions.ts';
import { logIn, refusal, signedIn } from './flows.ts';
import { onPostgres, startTestServer, type TestServer } from './harness.ts';

// The server keeps the sessions it looked up (services/sessionCache.ts). These check that it asks
// the database again whenever what it kept may have changed: by its own writes, by another
// instance's, by the operator CLI's (another connection to the same database).

/** Runs one statement as another process would: its own connection to the server's database. */
async function writeElsewhere(server: TestServer, statement: string, values: unknown[]): Promise<void> {
  if (server.schema) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL, options: `-c search_path=${server.schema}` });
    await client.connect();
    try {
      let placeholder = 0;
      await client.query(statement.replace(/\?/g, () => `$${++placeholder}`), values);
    } finally {
      await client.end();
    }
    return;
  }
  const sqlite = new SQLite(path.join(server.dataDir, 'facet.sqlite'));
  try {
    sqlite.pragma('busy_timeout = 5000');
    sqlite.prepare(statement).run(...values);
  } finally {
    sqlite.close();
  }
}

/**
 * Another connection's change is heard when PostgreSQL delivers its notice, a moment after the
 * commit, so the check is retried for a while — far less than the cache's 30 seconds.
 */
async function soon<T>(check: () => Promise<T>, within = 3000): Promise<T> {
  const until = Date.now() + within;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

describe('the session cache', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('answers a session it looked up without asking the database again', async () => {
    const { client } = await signedIn(server);
    const lookups = vi.spyOn(SessionsRepository.prototype, 'findWithAccountByTokenHash');
    await client.call(memberCall, {});
    await client.call(memberCall, {});
    await client.call(memberCall, {});
    expect(lookups).toHaveBeenCalledTimes(1);
  });

  it('forgets a session at once when it is signed out, and its account when the password changes', async () => {
    const person = await signedIn(server);
    const second = await logIn(server, person.email, person.password);
    await person.client.call(memberCall, {});
    await second.client.call(memberCall, {});
    await second.client.call(logoutCall, {});
    await refusal(second.client.call(memberCall, {}), Code.SESSION_EXPIRED);
    await person.client.call(memberCall, {});
    await person.client.call(passwordEditCall, { old: person.password, passwd: 'a brand new password' });
    await refusal(person.client.call(memberCall, {}), Code.SESSION_EXPIRED);
  });

  it('hears another connection disable an account, end a session and rename an account', async () => {
    const person = await signedIn(server);
    const { member } = await person.client.call(memberCall, {});
    await writeElsewhere(server, 'update accounts set username = ? where id = ?', ['renamed_elsewhere', member.id]);
    await soon(async () => expect((await person.client.call(memberCall, {})).member.name).toBe('renamed_elsewhere'));

    await writeElsewhere(server, "update accounts set status = 'disabled' where id = ?", [member.id]);
    await soon(() => refusal(person.client.call(memberCall, {}), Code.SESSION_EXPIRED));

    const other = await signedIn(server);
    const { member: otherMember } = await other.client.call(memberCall, {});
    await writeElsewhere(server, 'delete from sessions where account_id = ?', [otherMember.id]);
    await soon(() => refusal(other.client.call(memberCall, {}), Code.SESSION_EXPIRED));
  });

  it('does not forget everything when a session is only seen again (its last-seen time)', async () => {
    const { client } = await signedIn(server);
    await client.call(memberCall, {});
    server.clock.advance(61);
    await client.call(memberCall, {}); // writes last_seen_at
    const lookups = vi.spyOn(SessionsRepository.prototype, 'findWithAccountByTokenHash');
    await client.call(memberCall, {});
    expect(lookups).toHaveBeenCalledTimes(0);
  });
});

describe.skipIf(!onPostgres)('the session cache across PostgreSQL instances (skipped unless FACET_TEST_DB=postgres with DATABASE_URL)', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer();
    b = await startTestServer({}, { joining: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('refuses on one instance a session signed out through the other', async () => {
    const person = await signedIn(a);
    const onB = b.client({ grant: person.grant });
    await onB.call(memberCall, {});
    await onB.call(memberCall, {});
    await person.client.call(logoutCall, {});
    await soon(() => refusal(onB.call(memberCall, {}), Code.SESSION_EXPIRED));
  });

  it('listens again when its connection is cut, and answers from the database meanwhile', async () => {
    const person = await signedIn(b);
    const { member } = await person.client.call(memberCall, {});
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const listeners = async () =>
        (await admin.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [`facet-auth-changes ${b.schema}`])).rows.map((row) => row.pid);
      const before = await listeners();
      expect(before).toHaveLength(2); // one per instance
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [before]);
      await soon(async () => expect((await listeners()).filter((pid) => before.includes(pid))).toEqual([]));
      // Whatever each instance kept may have changed unheard; it asks the database.
      await writeElsewhere(b, 'update accounts set username = ? where id = ?', ['renamed_unheard', member.id]);
      expect((await person.client.call(memberCall, {})).member.name).toBe('renamed_unheard');
      await soon(async () => expect((await listeners()).filter((pid) => !before.includes(pid))).toHaveLength(2), 5000);
      await person.client.call(memberCall, {});
      await writeElsewhere(b, "update accounts set status = 'disabled' where id = ?", [member.id]);
      await soon(() => refusal(person.client.call(memberCall, {}), Code.SESSION_EXPIRED));
    } finally {
      await admin.end();
    }
  });
});
