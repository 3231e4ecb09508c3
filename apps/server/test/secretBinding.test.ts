import fs from 'node:fs';
import path from 'node:path';
import {
  apiTokenResetCall,
  apiTokenViewCall,
  memberCall,
  profileDetailCall,
  profileLaunchCall,
  profileShareCall,
  profileTransferCall,
  profileUpdateCall,
  savedProxyAddCall,
  savedProxyDetailCall,
  savedProxyListCall,
} from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MasterKey } from '../src/security/masterKey.ts';
import { AccountKeyring } from '../src/crypto/accountKeyring.ts';
import { SecretBox } from '../src/crypto/secretBox.ts';
import { createProfiles, settingsOf, signedIn } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { newDevice } from './support/deviceKeys.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.facet.database.db;
const profileSecrets = async (id: string) => (await db().selectFrom('profiles').select('secrets').where('id', '=', id).executeTakeFirstOrThrow()).secrets;
const setProfileSecrets = (id: string, secrets: string) => db().updateTable('profiles').set({ secrets }).where('id', '=', id).execute();

/**
 * Someone who can write the database but has no key (a restored dump, a SQL injection, a
 * careless operator) copies one row's sealed value into another row. The value must not open
 * there: each is bound to its account, table, row and field. An unreadable value reads as
 * empty (no proxy account, no cookies) with a warning in the log, so its owner can still open
 * the profile and type the proxy again; it never answers with another row's secret or a 500.
 */
describe('sealed values copied to another row', () => {
  it("do not open in another account's profile: the profile reads as having no proxy account or cookies", async () => {
    const alice = await signedIn(server);
    const bob = await signedIn(server);
    const [aliceProfile] = (await createProfiles(alice.client, 1, {
      proxy: { type: 'http', host: '10.0.0.1', port: 8000, username: 'alice-user', password: 'alice-proxy-pass' },
      cookies: [{ domain: '.shop.test', name: 'sid', value: 'alice-cookie' }],
    })) as [string];
    const [bobProfile] = (await createProfiles(bob.client, 1, { proxy: { type: 'http', host: '10.0.0.2', port: 8000, username: 'bob-user', password: 'bob-proxy-pass' } })) as [string];

    await setProfileSecrets(bobProfile, await profileSecrets(aliceProfile));

    const { profile } = await bob.client.call(profileDetailCall, { id: bobProfile });
    expect(profile.proxy).toMatchObject({ host: '10.0.0.2', username: '', password: '' });
    expect(profile.cookies).toEqual([]);
    expect(JSON.stringify(profile)).not.toContain('alice');
    // Launching hands the agent nothing of Alice's either.
    const device = newDevice();
    const launch = await bob.client.call(profileLaunchCall, { id: bobProfile, deviceKey: device.publicKey });
    expect(device.open(launch.sealed, bobProfile)).toMatchObject({ proxyUsername: '', proxyPassword: '', cookies: [] });
    // Bob can still edit it and type his proxy again; from then on it reads back.
    await bob.client.call(profileUpdateCall, { id: bobProfile, settings: settingsOf(profile, { proxy: { ...profile.proxy, username: 'bob-user', password: 'bob-again' } }) });
    expect((await bob.client.call(profileDetailCall, { id: bobProfile })).profile.proxy).toMatchObject({ username: 'bob-user', password: 'bob-again' });
    // Alice's own copy is untouched.
    expect((await alice.client.call(profileDetailCall, { id: aliceProfile })).profile.proxy.password).toBe('alice-proxy-pass');
  });

  it('do not open in another profile of the same account', async () => {
    const alice = await signedIn(server);
    const [first, second] = (await createProfiles(alice.client, 2, {
      proxy: { type: 'http', host: '10.0.0.1', port: 8000, username: 'same-user', password: 'first-pass' },
    })) as [string, string];
    await setProfileSecrets(second, await profileSecrets(first));
    expect((await alice.client.call(profileDetailCall, { id: second })).profile.proxy).toMatchObject({ username: '', password: '' });
    expect((await alice.client.call(profileDetailCall, { id: first })).profile.proxy).toMatchObject({ username: 'same-user', password: 'first-pass' });
  });

  it("do not open in another account's saved proxy", async () => {
    const alice = await signedIn(server);
    const bob = await signedIn(server);
    const { ids: [aliceProxy] } = await alice.client.call(savedProxyAddCall, { lines: '10.0.0.1:8000:alice-user:alice-pass' });
    const { ids: [bobProxy] } = await bob.client.call(savedProxyAddCall, { lines: '10.0.0.2:8000:bob-user:bob-pass' });
    const sealed = (await db().selectFrom('saved_proxies').select('secrets').where('id', '=', aliceProxy!).executeTakeFirstOrThrow()).secrets;
    await db().updateTable('saved_proxies').set({ secrets: sealed }).where('id', '=', bobProxy!).execute();

    const listed = await bob.client.call(savedProxyListCall, {});
    expect(listed.list.map((p) => [p.host, p.username])).toEqual([['10.0.0.2', '']]);
    expect((await bob.client.call(savedProxyDetailCall, { id: bobProxy! })).proxy).toMatchObject({ host: '10.0.0.2', username: '', password: '' });
  });

  it("do not open as another account's API token: view says to reset", async () => {
    const alice = await signedIn(server);
    const bob = await signedIn(server);
    const { token: aliceToken } = await alice.client.call(apiTokenResetCall, { passwd: alice.password });
    await bob.client.call(apiTokenResetCall, { passwd: bob.password });
    const live = (account: string) => db().selectFrom('api_tokens as t').innerJoin('accounts as a', 'a.id', 't.account_id').select(['t.id', 't.token_sealed']).where('a.email', '=', account).where('t.revoked_at', 'is', null).executeTakeFirstOrThrow();
    const [fromAlice, toBob] = [await live(alice.email), await live(bob.email)];
    await db().updateTable('api_tokens').set({ token_sealed: fromAlice.token_sealed }).where('id', '=', toBob.id).execute();

    const viewed = await bob.client.call(apiTokenViewCall, { passwd: bob.password });
    expect(viewed.token?.token).toBeNull();
    expect(JSON.stringify(viewed)).not.toContain(aliceToken);
  });
});

describe('sealed values and who owns the row', () => {
  it('a transfer seals the secrets again for the new owner, in the same transaction', async () => {
    const seller = await signedIn(server);
    const buyer = await signedIn(server);
    const [id] = (await createProfiles(seller.client, 1, {
      proxy: { type: 'http', host: '10.0.0.1', port: 8000, username: 'shop-user', password: 'shop-pass' },
      cookies: [{ domain: '.shop.test', name: 'sid', value: 'signed-in' }],
    })) as [string];
    const before = await profileSecrets(id);

    await seller.client.call(profileTransferCall, { ids: [id], account: buyer.username, passwd: seller.password });

    const { profile } = await buyer.client.call(profileDetailCall, { id });
    expect(profile.proxy).toMatchObject({ username: 'shop-user', password: 'shop-pass' });
    expect(profile.cookies.map((c) => c.value)).toEqual(['signed-in']);
    expect(await profileSecrets(id)).not.toBe(before);
    // The seller's sealed copy, put back into the row, is the seller's: it does not open for the buyer.
    await setProfileSecrets(id, before);
    expect((await buyer.client.call(profileDetailCall, { id })).profile.proxy).toMatchObject({ username: '', password: '' });
  });

  it("a recipient of a share reads the secrets with the owner's key", async () => {
    const owner = await signedIn(server);
    const editor = await signedIn(server);
    const [id] = (await createProfiles(owner.client, 1, { proxy: { type: 'http', host: '10.0.0.1', port: 8000, username: 'team-user', password: 'team-pass' } })) as [string];
    await owner.client.call(profileShareCall, { mode: 'accounts', ids: [id], accounts: [editor.username], permission: 'edit' });
    const { profile } = await editor.client.call(profileDetailCall, { id });
    expect(profile.proxy).toMatchObject({ username: 'team-user', password: 'team-pass' });
    // What the recipient saves is sealed for the owner, and reads back for both.
    await editor.client.call(profileUpdateCall, { id, settings: settingsOf(profile, { proxy: { ...profile.proxy, password: 'changed-by-editor' } }) });
    expect((await owner.client.call(profileDetailCall, { id })).profile.proxy.password).toBe('changed-by-editor');
  });

  it('an unreadable value is logged by row and reason, never with what it holds', async () => {
    const person = await signedIn(server);
    const { member } = await person.client.call(memberCall, {});
    const warnings: unknown[] = [];
    const log = { warn: (obj: unknown) => void warnings.push(obj), info: () => undefined };
    const master = MasterKey.fromText(fs.readFileSync(path.join(server.dataDir, 'secrets', 'data-key'), 'utf8'));
    const box = new SecretBox(new AccountKeyring(db(), master, server.clock), log as never);
    await box.ready([member.id]);
    const here = { accountId: member.id, table: 'profiles', rowId: 'prf_here', field: 'secrets' } as const;
    const sealed = box.seal(here, 'the plain secret');
    expect(box.open(here, sealed)).toBe('the plain secret');

    expect(box.openOr({ ...here, rowId: 'prf_elsewhere' }, sealed, 'none')).toBe('none');
    expect(box.openOr({ ...here, field: 'token_sealed' }, sealed, 'none')).toBe('none');
    expect(box.openOr(here, 'v1:' + sealed.split(':')[2], 'none')).toBe('none');
    expect(warnings).toEqual([
      { secret: { ...here, rowId: 'prf_elsewhere', reason: 'not-authentic' } },
      { secret: { ...here, field: 'token_sealed', reason: 'not-authentic' } },
      { secret: { ...here, reason: 'old-format' } },
    ]);
    expect(JSON.stringify(warnings)).not.toContain('plain secret');
  });
});
