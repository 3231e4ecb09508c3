import {
  Code,
  memberCall,
  profileDetailCall,
  profileListCall,
  profileShareCall,
  profileTransferCall,
  profileUnshareCall,
  sharedListCall,
} from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSubAccount, createProfiles, refusal, signedIn } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const idOf = async (client: Awaited<ReturnType<typeof signedIn>>['client']) => (await client.call(memberCall, {})).member.id;

describe('sharing and transfer', () => {
  it('names unknown accounts, but only a few an hour: the share dialog is no directory of who is registered', async () => {
    const owner = await signedIn(server);
    const friend = await signedIn(server);
    const mine = await createProfiles(owner.client, 1);
    const guesses = Array.from({ length: 20 }, (_, i) => `maybe-registered-${i}@example.test`);
    expect((await refusal(owner.client.call(profileShareCall, { mode: 'accounts', ids: mine, accounts: guesses }), Code.ACCOUNT_UNKNOWN)).data).toEqual({ accounts: guesses });
    // Twenty unknown names in the hour: no more lookups, for anyone, until it has passed.
    await refusal(owner.client.call(profileShareCall, { mode: 'accounts', ids: mine, accounts: [friend.username] }), Code.RATE_LIMITED);
    server.clock.advance(3600);
    await owner.client.call(profileShareCall, { mode: 'accounts', ids: mine, accounts: [friend.username] });
  });

  it('shares with named accounts, who see the profile under "shared with me" without its command line', async () => {
    const owner = await signedIn(server);
    const friend = await signedIn(server);
    const third = await signedIn(server);
    const [id] = await createProfiles(owner.client, 1, { name: 'Team shop', fingerprint: { commandLine: '--start-maximized' } });

    const shared = await owner.client.call(profileShareCall, { mode: 'accounts', ids: [id!], accounts: [friend.username, third.email.toUpperCase()] });
    expect(shared).toEqual({ changed: 2, recipients: 2 });
    // Sharing again adds nothing.
    expect((await owner.client.call(profileShareCall, { mode: 'accounts', ids: [id!], accounts: [friend.email] })).changed).toBe(0);

    const list = await friend.client.call(sharedListCall, {});
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ id, name: 'Team shop', sharer: { name: owner.username } });
    const { profile } = await friend.client.call(profileDetailCall, { id: id! });
    expect(profile.sharer?.name).toBe(owner.username);
    expect(profile.members).toEqual([]);
    expect(profile.fingerprint.commandLine).toBe('');
    const ownView = await owner.client.call(profileDetailCall, { id: id! });
    expect(ownView.profile.members.map((m) => m.name).sort()).toEqual([friend.username, third.username].sort());
    expect(ownView.profile.fingerprint.commandLine).toBe('--start-maximized');
    expect((await owner.client.call(profileListCall, {})).list[0]!.memberCount).toBe(2);

    await owner.client.call(profileUnshareCall, { ids: [id!], accountIds: [await idOf(friend.client)] });
    expect((await friend.client.call(sharedListCall, {})).total).toBe(0);
    await refusal(friend.client.call(profileDetailCall, { id: id! }), Code.NOT_FOUND);
    expect((await third.client.call(sharedListCall, {})).total).toBe(1);
  });

  it('refuses unknown accounts by name, the own account, and a batch with a foreign id, changing nothing', async () => {
    const owner = await signedIn(server);
    const stranger = await signedIn(server);
    const friend = await signedIn(server);
    const mine = await createProfiles(owner.client, 2);
    const [theirs] = await createProfiles(stranger.client, 1);

    const unknown = await refusal(owner.client.call(profileShareCall, { mode: 'accounts', ids: mine, accounts: [friend.username, 'nobody-here'] }), Code.ACCOUNT_UNKNOWN);
    expect(unknown.data).toEqual({ accounts: ['nobody-here'] });
    expect(unknown.msg).toContain('nobody-here');
    await refusal(owner.client.call(profileShareCall, { mode: 'accounts', ids: mine, accounts: [owner.username] }), Code.CANNOT_TARGET_SELF);
    const foreign = await refusal(owner.client.call(profileShareCall, { mode: 'accounts', ids: [...mine, theirs!], accounts: [friend.username] }), Code.NOT_FOUND);
    expect(foreign.data).toEqual({ ids: [theirs] });
    await refusal(owner.client.call(profileTransferCall, { ids: [mine[0]!, theirs!], account: friend.username, passwd: owner.password }), Code.NOT_FOUND);
    await refusal(owner.client.call(profileTransferCall, { ids: mine, account: owner.email, passwd: owner.password }), Code.CANNOT_TARGET_SELF);
    const tooMany = Array.from({ length: 101 }, (_, i) => `name${i}`);
    await refusal(owner.client.call(profileShareCall, { mode: 'accounts', ids: mine, accounts: tooMany }), Code.INVALID_INPUT);

    expect((await friend.client.call(sharedListCall, {})).total).toBe(0);
    expect((await owner.client.call(profileListCall, {})).total).toBe(2);
    expect((await stranger.client.call(profileListCall, {})).list.map((r) => r.id)).toEqual([theirs]);
  });

  it('shares with all sub-accounts, and says so when there are none', async () => {
    const owner = await signedIn(server);
    const ids = await createProfiles(owner.client, 2);
    await refusal(owner.client.call(profileShareCall, { mode: 'subAccounts', ids }), Code.NO_SUB_ACCOUNTS);
    const ownerId = await idOf(owner.client);
    await addSubAccount(server, ownerId);
    await addSubAccount(server, ownerId);
    expect(await owner.client.call(profileShareCall, { mode: 'subAccounts', ids })).toEqual({ changed: 4, recipients: 2 });
    const { profile } = await owner.client.call(profileDetailCall, { id: ids[0]! });
    expect(profile.members).toHaveLength(2);
  });

  it('transfers profiles: the new owner gets them with new serials, the old owner and old shares lose them', async () => {
    const owner = await signedIn(server);
    const buyer = await signedIn(server);
    const friend = await signedIn(server);
    await createProfiles(buyer.client, 3);
    const ids = await createProfiles(owner.client, 2);
    await owner.client.call(profileShareCall, { mode: 'accounts', ids, accounts: [friend.username] });

    expect((await owner.client.call(profileTransferCall, { ids, account: buyer.email, passwd: owner.password })).changed).toBe(2);
    expect((await owner.client.call(profileListCall, {})).total).toBe(0);
    expect((await friend.client.call(sharedListCall, {})).total).toBe(0);
    const bought = await buyer.client.call(profileListCall, { sort: 'serial', order: 'asc' });
    expect(bought.total).toBe(5);
    expect(bought.list.map((r) => r.serial)).toEqual([1, 2, 3, 4, 5]);
    expect(bought.list.slice(3).map((r) => r.id).sort()).toEqual([...ids].sort());
    const { profile } = await buyer.client.call(profileDetailCall, { id: ids[0]! });
    expect(profile.owner.name).toBe(buyer.username);
    expect(profile.members).toEqual([]);
  });
});
