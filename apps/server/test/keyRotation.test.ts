import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { apiTokenResetCall, apiTokenViewCall, profileDetailCall, savedProxyAddCall, savedProxyDetailCall } from '@facet/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect.ts';
import { MasterKey } from '../src/security/masterKey.ts';
import { AccountKeyring } from '../src/crypto/accountKeyring.ts';
import { SecretBox } from '../src/crypto/secretBox.ts';
import { createProfiles, signedIn } from './flows.ts';
import { onPostgres, startTestServer, type TestServer } from './harness.ts';
import { operatorCli } from './support/operatorCli.ts';

const started: TestServer[] = [];
afterAll(() => Promise.all(started.map((s) => s.close())));

async function serverWithSecrets(env: Record<string, string> = {}) {
  const server = await startTestServer(env);
  started.push(server);
  const alice = await signedIn(server);
  const bob = await signedIn(server);
  const [aliceProfile] = (await createProfiles(alice.client, 1, {
    proxy: { type: 'http', host: '10.0.0.1', port: 8000, username: 'alice-user', password: 'alice-pass' },
    cookies: [{ domain: '.shop.test', name: 'sid', value: 'alice-cookie' }],
  })) as [string];
  const [bobProfile] = (await createProfiles(bob.client, 1, { proxy: { type: 'http', host: '10.0.0.2', port: 8000, username: 'bob-user', password: 'bob-pass' } })) as [string];
  const { ids: [proxyId] } = await alice.client.call(savedProxyAddCall, { lines: '10.0.0.9:8000:saved-user:saved-pass' });
  const { token } = await alice.client.call(apiTokenResetCall, { passwd: alice.password });
  return { server, alice, bob, aliceProfile, bobProfile, proxyId: proxyId!, token };
}

type Db = TestServer['facet']['database']['db'];
const db = (server: TestServer) => server.facet.database.db;
const sealedOf = async (server: TestServer, id: string) => (await db(server).selectFrom('profiles').select('secrets').where('id', '=', id).executeTakeFirstOrThrow()).secrets;
const keyRows = (on: Db) => on.selectFrom('account_data_keys').select(['account_id', 'version', 'master_key_id']).orderBy('account_id').execute();
/** The server's database while the server is stopped, as another process sees it. */
const openData = (server: TestServer) => connectDatabase({ dataDir: server.dataDir, databaseUrl: onPostgres ? process.env.DATABASE_URL! : null, ...(server.schema ? { schema: server.schema } : {}) });
const keyFile = (server: TestServer, name = 'data-key') => path.join(server.dataDir, 'secrets', name);

describe('admin rotate-keys', () => {
  it('gives every account a new key, seals every value again and replaces the data folder key; what was sealed before opens nowhere', async () => {
    const { server, alice, bob, aliceProfile, bobProfile, proxyId, token } = await serverWithSecrets();
    const oldCopy = await sealedOf(server, aliceProfile);
    const oldMasterText = fs.readFileSync(keyFile(server), 'utf8');
    expect((await keyRows(db(server))).map((r) => r.version)).toEqual([1, 1]);

    // Run as the command asks: with the server stopped.
    await server.facet.app.close();
    const result = await operatorCli(server)('admin', 'rotate-keys');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')).toEqual(
      expect.arrayContaining([
        'new account keys: 2 account(s)',
        'profiles.secrets: 2 sealed again',
        'saved_proxies.secrets: 1 sealed again',
        'api_tokens.token_sealed: 1 sealed again',
        'old account keys deleted: 2',
        'account keys wrapped by the new master key: 2',
        'Done: 2 account key(s) replaced, 4 value(s) sealed again, 2 old key(s) deleted.',
      ]),
    );
    const newMaster = MasterKey.fromText(fs.readFileSync(keyFile(server), 'utf8'));
    expect(fs.readFileSync(keyFile(server), 'utf8')).not.toBe(oldMasterText);
    expect(fs.existsSync(keyFile(server, 'data-key.next'))).toBe(false);
    expect(result.stdout).toContain(`Master key: replaced in the data folder's secrets/data-key (id ${newMaster.id})`);

    await server.restart();
    // Only the new keys are left, wrapped by the new master key.
    expect((await keyRows(db(server))).map((r) => [r.version, r.master_key_id])).toEqual([
      [2, newMaster.id],
      [2, newMaster.id],
    ]);
    expect(await sealedOf(server, aliceProfile)).toMatch(/^v2:2:/);
    const { profile } = await alice.client.call(profileDetailCall, { id: aliceProfile });
    expect(profile.proxy).toMatchObject({ username: 'alice-user', password: 'alice-pass' });
    expect(profile.cookies.map((c) => c.value)).toEqual(['alice-cookie']);
    expect((await bob.client.call(profileDetailCall, { id: bobProfile })).profile.proxy.password).toBe('bob-pass');
    expect((await alice.client.call(savedProxyDetailCall, { id: proxyId })).proxy.password).toBe('saved-pass');
    expect((await alice.client.call(apiTokenViewCall, { passwd: alice.password })).token?.token).toBe(token);

    // A copy taken before the rotation (a backup of the row, a dump) is sealed with a key that is gone.
    await db(server).updateTable('profiles').set({ secrets: oldCopy }).where('id', '=', aliceProfile).execute();
    expect((await alice.client.call(profileDetailCall, { id: aliceProfile })).profile.proxy).toMatchObject({ username: '', password: '' });
  }, 60_000);

  it('leaves a readable state wherever a master key change stops, and the next start settles it', async () => {
    const { server, alice, aliceProfile } = await serverWithSecrets();
    await server.facet.app.close();
    expect((await operatorCli(server)('admin', 'rotate-keys')).code).toBe(0);
    const rotatedText = fs.readFileSync(keyFile(server), 'utf8');

    // Stopped after writing data-key.next, before the database changed: the start drops it.
    fs.writeFileSync(keyFile(server, 'data-key.next'), MasterKey.generateText() + '\n', { mode: 0o600 });
    await server.restart();
    expect(fs.existsSync(keyFile(server, 'data-key.next'))).toBe(false);
    expect(fs.readFileSync(keyFile(server), 'utf8')).toBe(rotatedText);
    expect((await alice.client.call(profileDetailCall, { id: aliceProfile })).profile.proxy.password).toBe('alice-pass');

    // Stopped after the database was re-wrapped, before the rename: the old key is still in
    // data-key and the new one in data-key.next. The start finishes the rename.
    const previousText = rotatedText;
    await server.facet.app.close();
    expect((await operatorCli(server)('admin', 'rotate-keys')).code).toBe(0);
    const newText = fs.readFileSync(keyFile(server), 'utf8');
    fs.writeFileSync(keyFile(server, 'data-key.next'), newText, { mode: 0o600 });
    fs.writeFileSync(keyFile(server), previousText, { mode: 0o600 });
    await server.restart();
    expect(fs.existsSync(keyFile(server, 'data-key.next'))).toBe(false);
    expect(fs.readFileSync(keyFile(server), 'utf8')).toBe(newText);
    expect((await alice.client.call(profileDetailCall, { id: aliceProfile })).profile.proxy.password).toBe('alice-pass');
  }, 60_000);

  it('with FACET_DATA_KEY, replaces the master key only when given the new one, and says what to change', async () => {
    const oldKey = MasterKey.generateText();
    const { server, aliceProfile } = await serverWithSecrets({ FACET_DATA_KEY: oldKey });
    await server.facet.app.close();
    const data = await openData(server);
    const cli = (key: string) => operatorCli(server, { FACET_DATA_KEY: key });

    const kept = await cli(oldKey)('admin', 'rotate-keys');
    expect(kept.code).toBe(0);
    expect(kept.stdout).toContain(`Master key: kept (FACET_DATA_KEY, id ${MasterKey.fromText(oldKey).id}). To replace it too, run again with --new-master-key-file FILE.`);
    expect((await keyRows(data.db)).map((r) => r.version)).toEqual([2, 2]);

    const newKey = MasterKey.generateText();
    const newKeyFile = path.join(server.dataDir, 'new-data-key');
    fs.writeFileSync(newKeyFile, newKey + '\n', { mode: 0o600 });
    const replaced = await cli(oldKey)('admin', 'rotate-keys', '--new-master-key-file', newKeyFile);
    expect(replaced.code).toBe(0);
    expect(replaced.stdout).toContain(`Set FACET_DATA_KEY to the contents of ${newKeyFile} wherever the server and this CLI run`);
    expect(fs.existsSync(keyFile(server))).toBe(false);

    // The old key opens nothing now: a start with it is refused, naming both key ids.
    const refused = await cli(oldKey)('admin', 'list-users');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`id ${MasterKey.fromText(oldKey).id}) is not the key that wrapped the account keys (id ${MasterKey.fromText(newKey).id})`);
    expect((await cli(newKey)('admin', 'list-users')).code).toBe(0);
    // With the new key the profile's secrets open, sealed with its owner's third key.
    const row = await data.db.selectFrom('profiles').select(['owner_id', 'secrets']).where('id', '=', aliceProfile).executeTakeFirstOrThrow();
    const box = new SecretBox(new AccountKeyring(data.db, MasterKey.fromText(newKey), server.clock), { warn: () => undefined, info: () => undefined } as never);
    await box.ready([row.owner_id]);
    expect(row.secrets).toMatch(/^v2:3:/);
    expect(JSON.parse(box.open({ accountId: row.owner_id, table: 'profiles', rowId: aliceProfile, field: 'secrets' }, row.secrets))).toMatchObject({ proxyPassword: 'alice-pass' });

    // A bad new key is refused before anything changes.
    fs.writeFileSync(newKeyFile, randomBytes(16).toString('base64url'));
    const bad = await cli(newKey)('admin', 'rotate-keys', '--new-master-key-file', newKeyFile);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('must hold a 32-byte key');
    expect((await keyRows(data.db)).map((r) => r.version)).toEqual([3, 3]);
    await data.close();
  }, 60_000);
});
