import {
  Code,
  apiGroupCreateCall,
  apiGroupDeleteCall,
  apiGroupListCall,
  apiProfileDeleteCall,
  apiProfileMoveGroupCall,
  apiProfileRemarkCall,
  apiFingerprintGenerateCall,
  apiProfileCreateCall,
  apiProfileDetailCall,
  apiProfileListCall,
  apiProfileOpenedCall,
  apiProfileCookiesCall,
  apiProfileLaunchCall,
  apiProfileShareCall,
  profileCookiesCall,
  apiSharedListCall,
  profileDetailCall,
  profileShareCall,
} from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfiles, profileSettings, refusal, signedIn } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { newDevice } from './support/deviceKeys.ts';

/**
 * The profile calls the desktop agent and scripts make with an API token (/v2/api/): the same
 * answers as the console's calls, scoped to the token's account.
 */
let server: TestServer;
let ownerToken: string;
let strangerToken: string;
let recipientToken: string;
let owned: string;
let ownerEmail: string;
let ownerClient: Awaited<ReturnType<typeof signedIn>>['client'];

const deviceKey = () => newDevice().publicKey;

async function tokenFor(email: string): Promise<string> {
  const account = await server.facet.services.repositories.accounts.findByEmail(email);
  return server.facet.services.apiTokens.issue(account!);
}

beforeAll(async () => {
  server = await startTestServer();
  const [owner, recipient, stranger] = await Promise.all([signedIn(server), signedIn(server), signedIn(server)]);
  ownerClient = owner.client;
  ownerEmail = owner.email;
  [ownerToken, recipientToken, strangerToken] = await Promise.all([tokenFor(owner.email), tokenFor(recipient.email), tokenFor(stranger.email)]);
  [owned] = (await createProfiles(owner.client, 1, { proxy: { type: 'http', host: '127.0.0.1', port: 3128, username: 'u', password: 'secret-pass' } })) as [string];
  await owner.client.call(profileShareCall, { mode: 'accounts', ids: [owned], accounts: [recipient.username] });
});
afterAll(() => server.close());

describe('profile calls with an API token', () => {
  it('lists, reads (with the proxy credentials the launch needs) and creates the token owner\'s profiles', async () => {
    const api = server.client({ apiToken: ownerToken });
    const page = await api.call(apiProfileListCall, {});
    expect(page.list.map((r) => r.id)).toEqual([owned]);
    const { profile } = await api.call(apiProfileDetailCall, { id: owned });
    expect(profile.proxy).toMatchObject({ host: '127.0.0.1', port: 3128, username: 'u', password: 'secret-pass' });
    const { suggestion } = await api.call(apiFingerprintGenerateCall, { os: 'macos' });
    const created = await api.call(apiProfileCreateCall, { settings: profileSettings({ name: 'From a script', os: 'macos', ...suggestion }) });
    expect((await ownerClient.call(profileDetailCall, { id: created.profile.id })).profile.name).toBe('From a script');
  });

  it('records the last-used time for the owner and for an account the profile is shared with', async () => {
    const before = server.clock.now();
    server.clock.advance(5);
    const { lastUsedAt } = await server.client({ apiToken: recipientToken }).call(apiProfileOpenedCall, { id: owned });
    expect(lastUsedAt).toBeGreaterThan(before);
    expect((await ownerClient.call(profileDetailCall, { id: owned })).profile.lastUsedAt).toBe(lastUsedAt);
    expect((await server.client({ apiToken: recipientToken }).call(apiSharedListCall, {})).list.map((r) => r.id)).toEqual([owned]);
  });

  it('keeps cookies from an import and from a recipient\'s browser, sealed at rest', async () => {
    const cookie = { domain: '.shop.example', name: 'sid', value: 'owner-import-secret', path: '/', httpOnly: true, secure: true, sameSite: 'lax' as const };
    expect(await ownerClient.call(profileCookiesCall, { id: owned, cookies: [cookie] })).toEqual({ saved: 1 });
    expect((await server.client({ apiToken: ownerToken }).call(apiProfileDetailCall, { id: owned })).profile.cookies).toEqual([cookie]);
    const fromRecipient = { ...cookie, value: 'recipient-session' };
    const recipient = server.client({ apiToken: recipientToken });
    // A recipient who may only run it saves what its browser held, with the grant its launch gave.
    await refusal(recipient.call(apiProfileCookiesCall, { id: owned, cookies: [fromRecipient] }), Code.SHARED_ACCESS_TOO_LOW);
    const { grant } = await recipient.call(apiProfileLaunchCall, { id: owned, deviceKey: deviceKey() });
    await recipient.call(apiProfileCookiesCall, { id: owned, cookies: [fromRecipient], grant });
    expect((await ownerClient.call(profileDetailCall, { id: owned })).profile.cookies).toEqual([fromRecipient]);
    expect((await ownerClient.call(profileDetailCall, { id: owned })).profile.proxy.password).toBe('secret-pass');
    const rows = JSON.stringify(await server.facet.database.db.selectFrom('profiles').selectAll().where('id', '=', owned).execute());
    expect(rows).not.toContain('recipient-session');
  });

  it('a stranger\'s token cannot read or open the profile, and changes nothing', async () => {
    const stranger = server.client({ apiToken: strangerToken });
    const before = (await ownerClient.call(profileDetailCall, { id: owned })).profile.lastUsedAt;
    await refusal(stranger.call(apiProfileDetailCall, { id: owned }), Code.NOT_FOUND);
    await refusal(stranger.call(apiProfileOpenedCall, { id: owned }), Code.NOT_FOUND);
    const cookiesBefore = (await ownerClient.call(profileDetailCall, { id: owned })).profile.cookies;
    await refusal(stranger.call(apiProfileCookiesCall, { id: owned, cookies: [] }), Code.NOT_FOUND);
    expect((await ownerClient.call(profileDetailCall, { id: owned })).profile.cookies).toEqual(cookiesBefore);
    expect((await stranger.call(apiProfileListCall, {})).total).toBe(0);
    expect((await ownerClient.call(profileDetailCall, { id: owned })).profile.lastUsedAt).toBe(before);
  });

  it('groups, moves, remarks and deletes the token owner\'s profiles; a stranger\'s token touches none of them', async () => {
    const api = server.client({ apiToken: ownerToken });
    const [spare] = (await createProfiles(ownerClient, 1)) as [string];
    const { group } = await api.call(apiGroupCreateCall, { name: 'Scripts' });
    expect((await ownerClient.call(profileDetailCall, { id: spare })).profile.groupId).not.toBe(group.id);
    expect(await api.call(apiProfileMoveGroupCall, { ids: [spare], groupId: group.id })).toEqual({ changed: 1 });
    await api.call(apiProfileRemarkCall, { ids: [spare], remark: 'set by a script' });
    expect((await ownerClient.call(profileDetailCall, { id: spare })).profile).toMatchObject({ groupId: group.id, remark: 'set by a script' });
    expect((await api.call(apiGroupListCall, {})).list.map((g) => g.name)).toContain('Scripts');

    const stranger = server.client({ apiToken: strangerToken });
    await refusal(stranger.call(apiProfileDeleteCall, { ids: [spare] }), Code.NOT_FOUND);
    await refusal(stranger.call(apiGroupDeleteCall, { id: group.id }), Code.NOT_FOUND);
    expect((await stranger.call(apiGroupListCall, {})).list.map((g) => g.name)).not.toContain('Scripts');

    expect(await api.call(apiProfileDeleteCall, { ids: [spare] })).toEqual({ changed: 1 });
    await refusal(ownerClient.call(profileDetailCall, { id: spare }), Code.NOT_FOUND);
    expect(await api.call(apiGroupDeleteCall, { id: group.id })).toEqual({ moved: 0 });
  });

  it('finds the profiles a script names by id or by number, in its own list and in the shared one', async () => {
    const api = server.client({ apiToken: ownerToken });
    const [second, third] = (await createProfiles(ownerClient, 2)) as [string, string];
    const { profile } = await api.call(apiProfileDetailCall, { id: third });
    expect((await api.call(apiProfileListCall, { ids: [owned, third] })).list.map((r) => r.id).sort()).toEqual([owned, third].sort());
    const bySerial = await api.call(apiProfileListCall, { serials: [profile.serial] });
    expect(bySerial).toMatchObject({ total: 1, list: [{ id: third, serial: profile.serial }] });
    expect((await api.call(apiProfileListCall, { ids: [] })).total).toBe(0);
    // Another account's ids and numbers find nothing of this one's.
    const stranger = server.client({ apiToken: strangerToken });
    expect((await stranger.call(apiProfileListCall, { ids: [second], serials: [profile.serial] })).total).toBe(0);
    expect((await server.client({ apiToken: recipientToken }).call(apiSharedListCall, { ids: [owned, second] })).list.map((r) => r.id)).toEqual([owned]);
  });

  it('shares with an account named by e-mail, as the console does; a stranger\'s token shares nothing of the owner\'s', async () => {
    const api = server.client({ apiToken: ownerToken });
    const [spare] = (await createProfiles(ownerClient, 1)) as [string];
    const receiver = await signedIn(server);
    expect(await api.call(apiProfileShareCall, { mode: 'accounts', ids: [spare], accounts: [receiver.email] })).toEqual({ changed: 1, recipients: 1 });
    const receiverApi = server.client({ apiToken: await tokenFor(receiver.email) });
    expect((await receiverApi.call(apiSharedListCall, {})).list.map((r) => r.id)).toEqual([spare]);
    await refusal(server.client({ apiToken: strangerToken }).call(apiProfileShareCall, { mode: 'accounts', ids: [owned], accounts: [receiver.email] }), Code.NOT_FOUND);
  });

  it('refuses a made-up token, and the old token once a new one is issued', async () => {
    await refusal(server.client({ apiToken: 'fct_not-a-token' }).call(apiProfileListCall, {}), Code.API_TOKEN_INVALID);
    const old = ownerToken;
    ownerToken = await tokenFor(ownerEmail);
    await refusal(server.client({ apiToken: old }).call(apiProfileListCall, {}), Code.API_TOKEN_INVALID);
  });
});
