import {
  Code,
  groupCreateCall,
  loginCall,
  memberCall,
  profileDeleteCall,
  profileDetailCall,
  profileShareCall,
  sharedListCall,
  subAccountCreateCall,
  subAccountDeleteCall,
  subAccountListCall,
  subAccountUpdateCall,
  type CallDefinition,
  type CallRequest,
  type SessionGrant,
} from '@facet/contracts';
import type { ApiClient } from '@facet/api-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SubAccountsRepository } from '../src/repositories/subAccounts.ts';
import { createProfiles, logIn, refusal, signedIn } from './flows.ts';
import { newPerson, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const SUB_PASSWORD = 'sub password 1';

/** A main account with one sub-account it made through the call, and the sub signed in. */
async function mainWithSub(fields: { nickname?: string; platformAccount?: string } = {}) {
  const main = await signedIn(server);
  const username = newPerson('s').username;
  const { subAccount } = await main.client.call(subAccountCreateCall, { username, password: SUB_PASSWORD, ...fields });
  const sub = await logIn(server, username, SUB_PASSWORD);
  return { main, subAccount, username, sub };
}

/** A client on this grant that will not re-login silently: a dead session shows as 886. */
const noRefresh = (grant: SessionGrant): ApiClient => server.client({ grant: { ...grant, refresh: '' } });

/** Rows left in every table that could hang on an account. */
async function leftovers(accountId: string) {
  const db = server.facet.database.db;
  const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) => Number((await query.executeTakeFirstOrThrow()).n);
  return {
    accounts: await count(db.selectFrom('accounts').select((eb) => eb.fn.countAll().as('n')).where('id', '=', accountId)),
    profiles: await count(db.selectFrom('profiles').select((eb) => eb.fn.countAll().as('n')).where('owner_id', '=', accountId)),
    groups: await count(db.selectFrom('profile_groups').select((eb) => eb.fn.countAll().as('n')).where('owner_id', '=', accountId)),
    shares: await count(
      db
        .selectFrom('profile_shares')
        .select((eb) => eb.fn.countAll().as('n'))
        .where((eb) => eb.or([eb('account_id', '=', accountId), eb('shared_by', '=', accountId)])),
    ),
    sessions: await count(db.selectFrom('sessions').select((eb) => eb.fn.countAll().as('n')).where('account_id', '=', accountId)),
    apiTokens: await count(db.selectFrom('api_tokens').select((eb) => eb.fn.countAll().as('n')).where('account_id', '=', accountId)),
  };
}

describe('sub-accounts', () => {
  it('creates a sub-account that signs in with its own username and is a sub-account', async () => {
    const { main, subAccount, username, sub } = await mainWithSub({ nickname: '  Anna  ', platformAccount: 'shop-17' });
    expect(subAccount).toMatchObject({ username, nickname: 'Anna', platformAccount: 'shop-17', lastLoginAt: null, profileCount: 0 });
    const { member } = await sub.client.call(memberCall, {});
    expect(member).toMatchObject({ id: subAccount.id, name: username, type: 'sub', invitationCode: null });
    // Case does not make a second account.
    await refusal(main.client.call(subAccountCreateCall, { username: username.toUpperCase(), password: SUB_PASSWORD }), Code.USERNAME_TAKEN);
    await refusal(main.client.call(subAccountCreateCall, { username: main.username, password: SUB_PASSWORD }), Code.USERNAME_TAKEN);
    expect((await main.client.call(subAccountListCall, {})).list).toHaveLength(1);
  });

  it('lists sub-accounts oldest first with added time, last login and live profile count', async () => {
    const { main, subAccount, sub } = await mainWithSub();
    const second = await main.client.call(subAccountCreateCall, { username: newPerson('s').username, password: SUB_PASSWORD, nickname: 'Second' });
    const [, recycled] = await createProfiles(sub.client, 3);
    await sub.client.call(profileDeleteCall, { ids: [recycled!] });

    const { list } = await main.client.call(subAccountListCall, {});
    expect(list.map((s) => s.id)).toEqual([subAccount.id, second.subAccount.id]);
    expect(list[0]!.addedAt).toBe(subAccount.addedAt);
    expect(list[0]!.lastLoginAt).toBeTypeOf('number');
    expect(list[0]!.profileCount).toBe(2);
    expect(list[1]).toMatchObject({ nickname: 'Second', lastLoginAt: null, profileCount: 0 });
  });

  it('updates nickname and platform account, keeping the password when none is given', async () => {
    const { main, subAccount, username, sub } = await mainWithSub({ nickname: 'Old' });
    const { subAccount: updated } = await main.client.call(subAccountUpdateCall, { id: subAccount.id, nickname: 'New name', platformAccount: 'ads-2' });
    expect(updated).toMatchObject({ id: subAccount.id, username, nickname: 'New name', platformAccount: 'ads-2' });
    expect((await main.client.call(subAccountListCall, {})).list[0]).toMatchObject({ nickname: 'New name', platformAccount: 'ads-2' });
    // No password: its sessions go on and the password still works.
    await noRefresh(sub.grant).call(memberCall, {});
    await logIn(server, username, SUB_PASSWORD);
  });

  it('a new password ends the sub-account\'s sessions and the old password stops working', async () => {
    const { main, subAccount, username, sub } = await mainWithSub();
    await main.client.call(subAccountUpdateCall, { id: subAccount.id, nickname: '', platformAccount: '', password: 'a new sub password' });
    await refusal(noRefresh(sub.grant).call(memberCall, {}), Code.SESSION_EXPIRED);
    await refusal(server.client().call(loginCall, { account: username, passwd: SUB_PASSWORD }), Code.WRONG_CREDENTIALS);
    const again = await logIn(server, username, 'a new sub password');
    expect((await again.client.call(memberCall, {})).member.type).toBe('sub');
    // The main account's own session is untouched.
    await noRefresh(main.grant).call(memberCall, {});
  });

  it('refuses a wrong main-account password on delete and changes nothing', async () => {
    const { main, subAccount, username, sub } = await mainWithSub();
    await createProfiles(sub.client, 2);
    const before = await leftovers(subAccount.id);
    await refusal(main.client.call(subAccountDeleteCall, { id: subAccount.id, passwd: 'not the password' }), Code.WRONG_PASSWORD);
    // The sub-account's own password is not the main account's either.
    await refusal(main.client.call(subAccountDeleteCall, { id: subAccount.id, passwd: SUB_PASSWORD }), Code.WRONG_PASSWORD);
    expect(await leftovers(subAccount.id)).toEqual(before);
    expect((await main.client.call(subAccountListCall, {})).list[0]).toMatchObject({ id: subAccount.id, profileCount: 2 });
    await logIn(server, username, SUB_PASSWORD);
  });

  it('deletes the sub-account with all its profiles, groups, shares and sessions, and frees its username', async () => {
    const { main, subAccount, username, sub } = await mainWithSub();
    const friend = await signedIn(server);
    await sub.client.call(groupCreateCall, { name: 'Sub group' });
    const subProfiles = await createProfiles(sub.client, 3);
    await sub.client.call(profileDeleteCall, { ids: [subProfiles[2]!] });
    // Shares to the sub-account from its main account survive on the main's side, minus the sub.
    const [mainProfile] = await createProfiles(main.client, 1);
    await main.client.call(profileShareCall, { mode: 'accounts', ids: [mainProfile!], accounts: [username, friend.username] });
    expect((await sub.client.call(sharedListCall, {})).total).toBe(1);
    // A share the sub-account holds from before sharing became main-only, written as it would be.
    await server.facet.database.db
      .insertInto('profile_shares')
      .values({ profile_id: subProfiles[0]!, account_id: (await friend.client.call(memberCall, {})).member.id, shared_by: subAccount.id, created_at: Date.now() })
      .execute();
    expect((await friend.client.call(sharedListCall, {})).total).toBe(2);

    expect(await main.client.call(subAccountDeleteCall, { id: subAccount.id, passwd: main.password })).toEqual({ deletedProfiles: 2 });

    expect(await leftovers(subAccount.id)).toEqual({ accounts: 0, profiles: 0, groups: 0, shares: 0, sessions: 0, apiTokens: 0 });
    expect((await main.client.call(subAccountListCall, {})).list).toEqual([]);
    await refusal(noRefresh(sub.grant).call(memberCall, {}), Code.SESSION_EXPIRED);
    await refusal(server.client().call(loginCall, { account: username, passwd: SUB_PASSWORD }), Code.WRONG_CREDENTIALS);
    expect((await friend.client.call(sharedListCall, {})).list.map((r) => r.id)).toEqual([mainProfile]);
    const { profile } = await main.client.call(profileDetailCall, { id: mainProfile! });
    expect(profile.members.map((m) => m.name)).toEqual([friend.username]);
    await refusal(main.client.call(subAccountDeleteCall, { id: subAccount.id, passwd: main.password }), Code.NOT_FOUND);

    // The username is free again.
    const { subAccount: reborn } = await main.client.call(subAccountCreateCall, { username, password: SUB_PASSWORD });
    expect(reborn.id).not.toBe(subAccount.id);
    expect(reborn.profileCount).toBe(0);
  });

  it('deletes in one transaction: when a step fails, nothing is deleted', async () => {
    const { main, subAccount, username, sub } = await mainWithSub();
    await sub.client.call(groupCreateCall, { name: 'Sub group' });
    await createProfiles(sub.client, 2);
    const before = await leftovers(subAccount.id);
    // Every delete runs, then the last step fails: the transaction must take all of them back.
    const original = SubAccountsRepository.prototype.deleteWithEverything;
    const spy = vi.spyOn(SubAccountsRepository.prototype, 'deleteWithEverything').mockImplementation(async function (this: SubAccountsRepository, id: string) {
      await original.call(this, id);
      throw new Error('disk full');
    });
    try {
      await refusal(main.client.call(subAccountDeleteCall, { id: subAccount.id, passwd: main.password }), Code.SERVER_ERROR);
    } finally {
      spy.mockRestore();
    }
    expect(before).toMatchObject({ accounts: 1, profiles: 2, groups: 1, sessions: 1 });
    expect(await leftovers(subAccount.id)).toEqual(before);
    await noRefresh(sub.grant).call(memberCall, {});
    await logIn(server, username, SUB_PASSWORD);
    expect(await main.client.call(subAccountDeleteCall, { id: subAccount.id, passwd: main.password })).toEqual({ deletedProfiles: 2 });
  });

  it('another main account cannot see, edit or delete them: not found, like an unknown id', async () => {
    const { subAccount, username } = await mainWithSub({ nickname: 'Mine' });
    const other = await signedIn(server);
    expect((await other.client.call(subAccountListCall, {})).list).toEqual([]);
    for (const id of [subAccount.id, 'acc_does_not_exist']) {
      await refusal(other.client.call(subAccountUpdateCall, { id, nickname: 'Hijacked', platformAccount: '', password: 'hijacked password' }), Code.NOT_FOUND);
      await refusal(other.client.call(subAccountDeleteCall, { id, passwd: other.password }), Code.NOT_FOUND);
    }
    // A main account's own id is no sub-account of anyone's.
    await refusal(other.client.call(subAccountUpdateCall, { id: (await other.client.call(memberCall, {})).member.id, nickname: 'x', platformAccount: '' }), Code.NOT_FOUND);
    await logIn(server, username, SUB_PASSWORD);
    expect(await leftovers(subAccount.id)).toMatchObject({ accounts: 1 });
  });

  it('a sub-account gets "main account only" on every sub-account call, whatever it sends', async () => {
    const { main, subAccount, sub } = await mainWithSub({ nickname: 'Kept' });
    const { subAccount: sibling } = await main.client.call(subAccountCreateCall, { username: newPerson('s').username, password: SUB_PASSWORD });
    await refusal(sub.client.call(subAccountListCall, {}), Code.MAIN_ACCOUNT_ONLY);
    await refusal(sub.client.call(subAccountCreateCall, { username: newPerson('s').username, password: SUB_PASSWORD }), Code.MAIN_ACCOUNT_ONLY);
    for (const id of [subAccount.id, sibling.id, 'acc_does_not_exist']) {
      await refusal(sub.client.call(subAccountUpdateCall, { id, nickname: 'Hijacked', platformAccount: '' }), Code.MAIN_ACCOUNT_ONLY);
      await refusal(sub.client.call(subAccountDeleteCall, { id, passwd: SUB_PASSWORD }), Code.MAIN_ACCOUNT_ONLY);
    }
    expect((await main.client.call(subAccountListCall, {})).list.map((s) => s.nickname)).toEqual(['Kept', '']);
  });

  it('refuses bad input with INVALID_INPUT and changes nothing', async () => {
    const { main, subAccount } = await mainWithSub({ nickname: 'Kept' });
    const bad: [CallDefinition, unknown][] = [
      [subAccountCreateCall, { username: 'abc', password: SUB_PASSWORD }],
      [subAccountCreateCall, { username: newPerson('s').username, password: 'abc' }],
      [subAccountCreateCall, { username: newPerson('s').username, password: SUB_PASSWORD, nickname: 'n'.repeat(31) }],
      [subAccountCreateCall, { username: newPerson('s').username, password: SUB_PASSWORD, platformAccount: 'p'.repeat(101) }],
      [subAccountUpdateCall, { id: subAccount.id, nickname: 'n'.repeat(31), platformAccount: '' }],
      [subAccountUpdateCall, { id: subAccount.id, nickname: 'ok', platformAccount: '', password: 'abc' }],
    ];
    for (const [call, payload] of bad) {
      await refusal(main.client.call(call, payload as CallRequest<typeof call>), Code.INVALID_INPUT);
    }
    await refusal(main.client.call(subAccountDeleteCall, { id: subAccount.id, passwd: '' }), Code.INVALID_INPUT);
    const { list } = await main.client.call(subAccountListCall, {});
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: subAccount.id, nickname: 'Kept' });
  });
});
