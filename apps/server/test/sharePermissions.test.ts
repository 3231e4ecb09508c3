import {
  Code,
  groupCreateCall,
  memberCall,
  profileCookiesCall,
  profileDetailCall,
  profileLaunchCall,
  profileMoveGroupCall,
  profileShareCall,
  profileTransferCall,
  profileUnshareCall,
  profileUpdateCall,
  profileListCall,
  shareMembersCall,
  sharePermissionCall,
  sharedListCall,
  subAccountCreateCall,
  subAccountListCall,
  subAccountUpdateCall,
} from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfiles, logIn, refusal, settingsOf, signedIn } from './flows.ts';
import { newPerson, startTestServer, type TestServer } from './harness.ts';
import { newDevice } from './support/deviceKeys.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const cookie = { domain: '.shop.example', name: 'sid', value: 'owner-session-secret', path: '/', httpOnly: true, secure: true, sameSite: 'lax' as const };
const proxy = { type: 'http' as const, host: '127.0.0.1', port: 3128, username: 'team-user', password: 'team-proxy-secret' };
type Client = Awaited<ReturnType<typeof signedIn>>['client'];
const idOf = async (client: Client) => (await client.call(memberCall, {})).member.id;


async function ownerWithProfile() {
  const owner = await signedIn(server);
  const [id] = (await createProfiles(owner.client, 1, { name: 'Team shop', proxy, cookies: [cookie], fingerprint: { commandLine: '--start-maximized' } })) as [string];
  return { owner, id };
}

describe('share permissions', () => {
  it('run only: opens it through a sealed launch, never reads its proxy credentials or cookies, and changes nothing', async () => {
    const { owner, id } = await ownerWithProfile();
    const runner = await signedIn(server);
    await owner.client.call(profileShareCall, { mode: 'accounts', ids: [id], accounts: [runner.username] });

    const row = (await runner.client.call(sharedListCall, {})).list[0]!;
    expect(row).toMatchObject({ id, permission: 'run', sharer: { name: owner.username } });
    expect(row.proxy.hasCredentials).toBe(true);
    const { profile } = await runner.client.call(profileDetailCall, { id });
    expect(profile.permission).toBe('run');
    expect(profile.proxy).toMatchObject({ host: '127.0.0.1', username: '', password: '' });
    expect(profile.cookies).toEqual([]);
    expect(JSON.stringify(profile)).not.toContain('team-proxy-secret');

    // The launch: secrets only inside the seal, which only the device's key opens; the proxy
    // account is not among them, even there: the proxy is the server's relay (proxyRelay.test.ts).
    const device = newDevice();
    const launch = await runner.client.call(profileLaunchCall, { id, deviceKey: device.publicKey });
    expect(JSON.stringify(launch)).not.toContain('team-proxy-secret');
    expect(JSON.stringify(launch)).not.toContain('owner-session-secret');
    expect(launch.profile.fingerprint.commandLine).toBe('');
    const opened = device.open(launch.sealed, id);
    expect(opened).toEqual({ proxyUsername: id, proxyPassword: expect.any(String), cookies: [cookie], syncKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(JSON.stringify(opened)).not.toContain('team-proxy-secret');
    expect(JSON.stringify(opened)).not.toContain('team-user');
    expect(() => newDevice().open(launch.sealed, id)).toThrow();
    expect(() => device.open(launch.sealed, 'another-id')).toThrow();

    // What the browser held at stop is kept with the launch's grant, and only with it.
    const atStop = { ...cookie, value: 'runner-browser-session' };
    await refusal(runner.client.call(profileCookiesCall, { id, cookies: [atStop] }), Code.SHARED_ACCESS_TOO_LOW);
    await refusal(runner.client.call(profileCookiesCall, { id, cookies: [atStop], grant: `${launch.grant.slice(0, -4)}AAAA` }), Code.SHARED_ACCESS_TOO_LOW);
    expect(await runner.client.call(profileCookiesCall, { id, cookies: [atStop], grant: launch.grant })).toEqual({ saved: 1 });
    expect((await owner.client.call(profileDetailCall, { id })).profile.cookies).toEqual([atStop]);
    // The grant is the runner's for this profile: another account cannot use it.
    const stranger = await signedIn(server);
    await refusal(stranger.client.call(profileCookiesCall, { id, cookies: [], grant: launch.grant }), Code.NOT_FOUND);

    const refused = await refusal(runner.client.call(profileUpdateCall, { id, settings: settingsOf(profile, { name: 'Renamed' }) }), Code.SHARED_ACCESS_TOO_LOW);
    expect(refused.data).toMatchObject({ needed: 'edit' });
    await refusal(runner.client.call(profileShareCall, { mode: 'accounts', ids: [id], accounts: [stranger.username] }), Code.SHARED_ACCESS_TOO_LOW);
    await refusal(runner.client.call(shareMembersCall, { ids: [id] }), Code.SHARED_ACCESS_TOO_LOW);
    const after = (await owner.client.call(profileDetailCall, { id })).profile;
    expect(after.name).toBe('Team shop');
    expect(after.members.map((m) => m.name)).toEqual([runner.username]);
  });

  it('run and edit: reads and changes settings and cookies, inside the owner\'s group and command line', async () => {
    const { owner, id } = await ownerWithProfile();
    const { group } = await owner.client.call(groupCreateCall, { name: 'Shops' });
    await owner.client.call(profileMoveGroupCall, { ids: [id], groupId: group.id });
    const editor = await signedIn(server);
    await owner.client.call(profileShareCall, { mode: 'accounts', ids: [id], accounts: [editor.username], permission: 'edit' });

    const { profile } = await editor.client.call(profileDetailCall, { id });
    expect(profile).toMatchObject({ permission: 'edit', proxy: { password: 'team-proxy-secret' }, cookies: [cookie] });
    expect(profile.fingerprint.commandLine).toBe('');
    // The form sends back what it read: ungrouped (the editor has no such group) and no command line.
    const changed = settingsOf(profile, { name: 'Renamed by editor', groupId: '0', proxy: { ...profile.proxy, port: 8080 } });
    const saved = (await editor.client.call(profileUpdateCall, { id, settings: { ...changed, fingerprint: { ...changed.fingerprint, commandLine: '--load-extension=/tmp/evil' } } })).profile;
    expect(saved.name).toBe('Renamed by editor');
    const ownView = (await owner.client.call(profileDetailCall, { id })).profile;
    expect(ownView).toMatchObject({ name: 'Renamed by editor', groupId: group.id, proxy: { port: 8080, password: 'team-proxy-secret' } });
    expect(ownView.fingerprint.commandLine).toBe('--start-maximized');

    await editor.client.call(profileCookiesCall, { id, cookies: [] });
    expect((await owner.client.call(profileDetailCall, { id })).profile.cookies).toEqual([]);
    await refusal(editor.client.call(profileShareCall, { mode: 'accounts', ids: [id], accounts: [owner.username] }), Code.SHARED_ACCESS_TOO_LOW);
    await refusal(editor.client.call(profileTransferCall, { ids: [id], account: owner.username, passwd: editor.password }), Code.NOT_FOUND);
  });

  it('full: shares onward and manages the shares it made, not the owner\'s', async () => {
    const { owner, id } = await ownerWithProfile();
    const [lead, runner, helper] = await Promise.all([signedIn(server), signedIn(server), signedIn(server)]);
    await owner.client.call(profileShareCall, { mode: 'accounts', ids: [id], accounts: [lead.username, runner.username], permission: 'full' });
    await owner.client.call(sharePermissionCall, { ids: [id], accountIds: [await idOf(runner.client)], permission: 'run' });

    // Sharing with the owner adds nothing: they have it.
    expect(await lead.client.call(profileShareCall, { mode: 'accounts', ids: [id], accounts: [helper.username, owner.username], permission: 'edit' })).toEqual({ changed: 1, recipients: 2 });
    expect((await helper.client.call(sharedListCall, {})).list[0]).toMatchObject({ id, permission: 'edit', sharer: { name: lead.username } });

    const seenByLead = (await lead.client.call(shareMembersCall, { ids: [id] })).list;
    // Oldest first, then by name: the owner's two shares, then the lead's.
    const ownersShares = [
      [lead.username, 'full', owner.username, false],
      [runner.username, 'run', owner.username, false],
    ].sort((x, y) => String(x[0]).localeCompare(String(y[0])));
    expect(seenByLead.map((m) => [m.account.name, m.permission, m.sharedBy.name, m.manageable])).toEqual([...ownersShares, [helper.username, 'edit', lead.username, true]]);
    // The owner's shares are not the lead's to change.
    const runnerId = await idOf(runner.client);
    expect(await lead.client.call(profileUnshareCall, { ids: [id], accountIds: [runnerId] })).toEqual({ changed: 0 });
    expect(await lead.client.call(sharePermissionCall, { ids: [id], accountIds: [await idOf(helper.client)], permission: 'run' })).toEqual({ changed: 1 });
    expect((await owner.client.call(shareMembersCall, { ids: [id] })).list.every((m) => m.manageable)).toBe(true);
    expect(await owner.client.call(profileUnshareCall, { ids: [id], accountIds: [runnerId, await idOf(helper.client)] })).toEqual({ changed: 2 });
    expect((await runner.client.call(sharedListCall, {})).total).toBe(0);
    await refusal(runner.client.call(profileLaunchCall, { id, deviceKey: newDevice().publicKey }), Code.NOT_FOUND);
  });

  it('the owner changes and revokes shares in batches, all or none', async () => {
    const owner = await signedIn(server);
    const ids = await createProfiles(owner.client, 3);
    const [a, b] = await Promise.all([signedIn(server), signedIn(server)]);
    expect(await owner.client.call(profileShareCall, { mode: 'accounts', ids, accounts: [a.username, b.username] })).toEqual({ changed: 6, recipients: 2 });
    // Sharing again with another permission changes it; with the same one, nothing.
    expect((await owner.client.call(profileShareCall, { mode: 'accounts', ids: ids.slice(0, 2), accounts: [a.username], permission: 'edit' })).changed).toBe(2);
    expect((await owner.client.call(profileShareCall, { mode: 'accounts', ids: ids.slice(0, 2), accounts: [a.username], permission: 'edit' })).changed).toBe(0);
    const members = (await owner.client.call(shareMembersCall, { ids })).list;
    expect(members).toHaveLength(6);
    expect(members.filter((m) => m.account.name === a.username).map((m) => m.permission).sort()).toEqual(['edit', 'edit', 'run']);

    const other = await signedIn(server);
    const [foreign] = await createProfiles(other.client, 1);
    const aId = await idOf(a.client);
    await refusal(owner.client.call(sharePermissionCall, { ids: [...ids, foreign!], accountIds: [aId], permission: 'full' }), Code.NOT_FOUND);
    await refusal(owner.client.call(profileUnshareCall, { ids: [...ids, foreign!], accountIds: [aId] }), Code.NOT_FOUND);
    expect((await owner.client.call(shareMembersCall, { ids })).list).toHaveLength(6);
    expect(await owner.client.call(sharePermissionCall, { ids, accountIds: [aId], permission: 'full' })).toEqual({ changed: 3 });
    expect(await owner.client.call(profileUnshareCall, { ids, accountIds: [aId, await idOf(b.client)] })).toEqual({ changed: 6 });
    expect((await owner.client.call(profileListCall, {})).list.every((r) => r.memberCount === 0)).toBe(true);
  });

  it('transfer asks for the password and moves nothing when it is wrong', async () => {
    const owner = await signedIn(server);
    const buyer = await signedIn(server);
    const ids = await createProfiles(owner.client, 2);
    await refusal(owner.client.call(profileTransferCall, { ids, account: buyer.username, passwd: 'not the password' }), Code.WRONG_PASSWORD);
    expect((await owner.client.call(profileListCall, {})).total).toBe(2);
    expect((await owner.client.call(profileTransferCall, { ids, account: buyer.username, passwd: owner.password })).changed).toBe(2);
  });
});

describe('authorized groups', () => {
  it('gives a sub-account a main account\'s groups with a permission; the profiles follow the group', async () => {
    const main = await signedIn(server);
    const [shops, ads] = await Promise.all([main.client.call(groupCreateCall, { name: 'Shops' }), main.client.call(groupCreateCall, { name: 'Ads' })]);
    const [inShops, alsoShops, outside] = (await createProfiles(main.client, 3, { proxy, cookies: [cookie] })) as [string, string, string];
    await main.client.call(profileMoveGroupCall, { ids: [inShops, alsoShops], groupId: shops.group.id });

    const subName = newPerson('g').username;
    const created = await main.client.call(subAccountCreateCall, { username: subName, password: 'sub password 1', groupGrants: [{ groupId: shops.group.id, permission: 'run' }] });
    expect(created.subAccount.groupGrants).toEqual([{ groupId: shops.group.id, groupName: shops.group.name, permission: 'run' }]);
    const sub = await logIn(server, subName, 'sub password 1');

    const seen = await sub.client.call(sharedListCall, { sort: 'serial', order: 'asc' });
    expect(seen.list.map((r) => [r.id, r.permission, r.sharer?.name])).toEqual([
      [inShops, 'run', main.username],
      [alsoShops, 'run', main.username],
    ]);
    expect((await sub.client.call(profileDetailCall, { id: inShops })).profile.proxy.password).toBe('');
    await refusal(sub.client.call(profileDetailCall, { id: outside }), Code.NOT_FOUND);

    // A direct share and a group grant: the wider one counts.
    await main.client.call(profileShareCall, { mode: 'subAccounts', ids: [inShops], permission: 'edit' });
    expect((await sub.client.call(profileDetailCall, { id: inShops })).profile).toMatchObject({ permission: 'edit', proxy: { password: 'team-proxy-secret' } });

    await main.client.call(profileMoveGroupCall, { ids: [alsoShops], groupId: ads.group.id });
    expect((await sub.client.call(sharedListCall, {})).list.map((r) => r.id)).toEqual([inShops]);
    await main.client.call(subAccountUpdateCall, { id: created.subAccount.id, nickname: '', platformAccount: '', groupGrants: [{ groupId: ads.group.id, permission: 'edit' }] });
    expect((await sub.client.call(sharedListCall, { sort: 'serial', order: 'asc' })).list.map((r) => [r.id, r.permission])).toEqual([
      [inShops, 'edit'],
      [alsoShops, 'edit'],
    ]);
    expect((await main.client.call(subAccountListCall, {})).list[0]!.groupGrants).toEqual([{ groupId: ads.group.id, groupName: ads.group.name, permission: 'edit' }]);

    // Another account's group is not the main account's to grant; nothing changes.
    const stranger = await signedIn(server);
    const { group: theirs } = await stranger.client.call(groupCreateCall, { name: 'Theirs' });
    await refusal(main.client.call(subAccountUpdateCall, { id: created.subAccount.id, nickname: '', platformAccount: '', groupGrants: [{ groupId: theirs.id, permission: 'full' }] }), Code.NOT_FOUND);
    expect((await main.client.call(subAccountListCall, {})).list[0]!.groupGrants).toEqual([{ groupId: ads.group.id, groupName: ads.group.name, permission: 'edit' }]);
    await refusal(sub.client.call(subAccountListCall, {}), Code.MAIN_ACCOUNT_ONLY);
  });
});
