import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, randomBytes } from 'node:crypto';
import {
  apiTokenResetCall,
  apiTokenViewCall,
  profileBatchCreateCall,
  profileDeleteCall,
  profileDetailCall,
  profileListCall,
  savedProxyAddCall,
  savedProxyDetailCall,
} from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo } from '../src/db/migrate.ts';
import { profileSettings, signedIn } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { operatorCli } from './support/operatorCli.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.facet.database.db;

/**
 * A value as the version before sealed it (the first format, written out here apart from the
 * server's code): AES-256-GCM under the master key itself, no associated data, so it opened in
 * any row it was copied to.
 */
function legacySeal(plain: string): string {
  const key = Buffer.from(fs.readFileSync(path.join(server.dataDir, 'secrets', 'data-key'), 'utf8').trim(), 'base64url');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

const profileRows = (ownerId: string) => db().selectFrom('profiles').select(['id', 'secrets']).where('owner_id', '=', ownerId).orderBy('id').execute();

describe('sealed values of the first format (v1)', () => {
  it('are sealed again, bound to their owner and row, when a server starts on the database', async () => {
    const alice = await signedIn(server);
    // 501 live profiles and one in the recycle bin: more than one batch of 500.
    const ids = (await alice.client.call(profileBatchCreateCall, { template: profileSettings({ proxy: { type: 'http', host: '10.0.0.1', port: 8000 } }), count: 501 })).ids;
    await alice.client.call(profileDeleteCall, { ids: [ids[500]!] });
    const { ids: [proxyId] } = await alice.client.call(savedProxyAddCall, { lines: '10.0.0.9:8000:saved-user:saved-pass' });
    const { token } = await alice.client.call(apiTokenResetCall, { passwd: alice.password });
    const ownerId = (await db().selectFrom('profiles').select('owner_id').where('id', '=', ids[0]!).executeTakeFirstOrThrow()).owner_id;

    // The database as the version before left it: every value v1 (the same one in every
    // profile, as a copy would be), no account keys yet.
    const legacyProfile = legacySeal(JSON.stringify({ proxyUsername: 'old-user', proxyPassword: 'old-pass', cookies: [{ domain: '.shop.test', name: 'sid', value: 'old-cookie', path: '/' }] }));
    await db().updateTable('profiles').set({ secrets: legacyProfile }).where('owner_id', '=', ownerId).execute();
    await db().updateTable('saved_proxies').set({ secrets: legacySeal(JSON.stringify({ username: 'saved-user', password: 'saved-pass' })) }).where('id', '=', proxyId!).execute();
    await db().updateTable('api_tokens').set({ token_sealed: legacySeal(token) }).where('account_id', '=', ownerId).where('revoked_at', 'is', null).execute();
    await migrateTo(server.facet.database, '0015_spent_refresh');

    await server.restart();

    const rows = await profileRows(ownerId);
    expect(rows).toHaveLength(501);
    expect(rows.filter((r) => !r.secrets.startsWith('v2:1:'))).toEqual([]);
    expect(new Set(rows.map((r) => r.secrets)).size).toBe(501);
    const { profile } = await alice.client.call(profileDetailCall, { id: ids[7]! });
    expect(profile.proxy).toMatchObject({ username: 'old-user', password: 'old-pass' });
    expect(profile.cookies.map((c) => c.value)).toEqual(['old-cookie']);
    expect((await alice.client.call(savedProxyDetailCall, { id: proxyId! })).proxy).toMatchObject({ username: 'saved-user', password: 'saved-pass' });
    expect((await alice.client.call(apiTokenViewCall, { passwd: alice.password })).token?.token).toBe(token);
    // Bound to their rows now: one profile's value copied into another no longer opens.
    await db().updateTable('profiles').set({ secrets: rows[0]!.secrets }).where('id', '=', rows[1]!.id).execute();
    expect((await alice.client.call(profileDetailCall, { id: rows[1]!.id })).profile.proxy).toMatchObject({ username: '', password: '' });

    // Started again: nothing left to do, nothing changes.
    const before = await profileRows(ownerId);
    await server.restart();
    expect(await profileRows(ownerId)).toEqual(before);
    expect((await alice.client.call(profileListCall, {})).total).toBe(500);
  }, 120_000);

  it('open nowhere else: a v1 value put in a row after the start reads as none', async () => {
    const bob = await signedIn(server);
    const [id] = (await bob.client.call(profileBatchCreateCall, { template: profileSettings({ proxy: { type: 'http', host: '10.0.0.1', port: 8000, username: 'bob', password: 'bob-pass' } }), count: 1 })).ids;
    await db().updateTable('profiles').set({ secrets: legacySeal(JSON.stringify({ proxyUsername: 'planted', proxyPassword: 'planted-pass', cookies: [] })) }).where('id', '=', id!).execute();
    expect((await bob.client.call(profileDetailCall, { id: id! })).profile.proxy).toMatchObject({ username: '', password: '' });
  });

  it('are sealed again by an operator command that runs before the server starts', async () => {
    const dave = await signedIn(server);
    const [id] = (await dave.client.call(profileBatchCreateCall, { template: profileSettings(), count: 1 })).ids;
    await db().updateTable('profiles').set({ secrets: legacySeal(JSON.stringify({ proxyUsername: 'cli-user', proxyPassword: 'cli-pass', cookies: [] })) }).where('id', '=', id!).execute();
    expect((await operatorCli(server)('admin', 'list-users')).code).toBe(0);
    expect((await db().selectFrom('profiles').select('secrets').where('id', '=', id!).executeTakeFirstOrThrow()).secrets).toMatch(/^v2:1:/);
    expect((await dave.client.call(profileDetailCall, { id: id! })).profile.proxy).toMatchObject({ username: 'cli-user', password: 'cli-pass' });
  });

  it('that will not open are left as they are, and the server starts', async () => {
    const carol = await signedIn(server);
    const [id] = (await carol.client.call(profileBatchCreateCall, { template: profileSettings(), count: 1 })).ids;
    const broken = `v1:${randomBytes(60).toString('base64')}`;
    await db().updateTable('profiles').set({ secrets: broken }).where('id', '=', id!).execute();
    await server.restart();
    expect((await db().selectFrom('profiles').select('secrets').where('id', '=', id!).executeTakeFirstOrThrow()).secrets).toBe(broken);
    expect((await carol.client.call(profileDetailCall, { id: id! })).profile.cookies).toEqual([]);
  });
});

