import { apiMemberCall, apiTokenResetCall, apiTokenViewCall, memberCall, profileDetailCall, profileShareCall, sharedListCall, tagCreateCall } from '@facet/contracts';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate.ts';
import { createProfiles, signedIn, signUp } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';

const started: TestServer[] = [];
afterAll(() => Promise.all(started.map((s) => s.close())));

describe('migrations', () => {
  // On PostgreSQL each server gets its own schema in one database; Kysely's bookkeeping tables
  // in one schema must not make another server skip creating its own.
  it('bring up several servers side by side, each with its own working tables', async () => {
    const servers = await Promise.all([startTestServer(), startTestServer(), startTestServer()]);
    started.push(...servers);
    for (const server of servers) {
      const person = await signUp(server);
      const client = server.client({ grant: person.grant });
      const member = await client.call(memberCall, {});
      expect(member.member.email).toBe(person.email);
    }
  });

  // What an upgrade meets: a database with this version's rows, put back in the shape the
  // version before share permissions, sealed API tokens, tags and saved proxies left it.
  it('upgrade a database of the version before: shares keep what they allowed, tokens are asked to reset', async () => {
    const server = await startTestServer();
    started.push(server);
    const owner = await signedIn(server);
    const recipient = await signedIn(server);
    const [id] = (await createProfiles(owner.client, 1, { proxy: { type: 'http', host: '10.0.0.1', port: 8000, username: 'u', password: 'secret' } })) as [string];
    await owner.client.call(profileShareCall, { mode: 'accounts', ids: [id], accounts: [recipient.username], permission: 'full' });
    const { token } = await owner.client.call(apiTokenResetCall, { passwd: owner.password });
    await owner.client.call(tagCreateCall, { name: 'Gone with the downgrade' });

    await migrateTo(server.facet.database, '0008_plugins');
    await migrateToLatest(server.facet.database);

    // The share is back as "run", what shares allowed before permissions; the profile is intact.
    expect((await recipient.client.call(sharedListCall, {})).list.map((r) => [r.id, r.permission])).toEqual([[id, 'run']]);
    expect((await recipient.client.call(profileDetailCall, { id })).profile.proxy.password).toBe('');
    expect((await owner.client.call(profileDetailCall, { id })).profile.proxy.password).toBe('secret');
    // A token made before tokens were kept: it still works, and view says to reset to see one.
    expect((await owner.client.call(apiTokenViewCall, { passwd: owner.password })).token?.token).toBeNull();
    expect((await server.client({ apiToken: token }).call(apiMemberCall, {})).member.email).toBe(owner.email);
  });

  // 0016 (account data keys) landed after 0017 (durable guards): a database that already ran
  // 0017 must run 0016 when it meets it, not refuse to start.
  it('run a migration that arrived after a later one the database already ran', async () => {
    const server = await startTestServer();
    started.push(server);
    const owner = await signedIn(server);
    const before = server.facet.database.db;
    await before.schema.dropTable('account_data_keys').execute();
    await sql`delete from kysely_migration where name = '0016_account_data_keys'`.execute(before);

    await server.restart();

    const [id] = (await createProfiles(owner.client, 1, { proxy: { type: 'http', host: '10.0.0.1', port: 8000, username: 'u', password: 'kept' } })) as [string];
    expect((await owner.client.call(profileDetailCall, { id })).profile.proxy.password).toBe('kept');
    expect(await server.facet.database.db.selectFrom('account_data_keys').select('version').execute()).toEqual([{ version: 1 }]);
  });
});
