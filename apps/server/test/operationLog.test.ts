import {
  Code,
  groupCreateCall,
  groupDeleteCall,
  groupUpdateCall,
  loginCall,
  memberCall,
  operationLogListCall,
  profileCreateCall,
  profileDeleteCall,
  profileListCall,
  profileMoveGroupCall,
  profileCookiesCall,
  profileExportCall,
  profileLaunchCall,
  profileLeaseReleaseCall,
  profileOpenedCall,
  profileShareCall,
  profileTagCall,
  tagCreateCall,
  tagDeleteCall,
  tagUpdateCall,
  recycleRestoreCall,
  subAccountCreateCall,
  subAccountDeleteCall,
} from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProfiles, logIn, profileSettings, refusal, signedIn } from './flows.ts';
import { newPerson, startTestServer, type TestServer } from './harness.ts';
import { newDevice } from './support/deviceKeys.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const SUB_PASSWORD = 'sub password 1';

describe('operation log', () => {
  it('records every change of profiles, groups and sub-accounts with account, machine and names, newest first', async () => {
    const person = await signedIn(server);
    // Signed in again from the desktop client, which names its computer.
    const desktop = server.client();
    desktop.adopt(await desktop.call(loginCall, { account: person.email, passwd: person.password, isKeep: 0, client: { mode: 'client', machine: 'SHOP-PC-7' } }));
    const { group } = await desktop.call(groupCreateCall, { name: 'Shops', icon: 1, sort: 1 });
    const [first, second] = await createProfiles(desktop, 2);
    await desktop.call(profileMoveGroupCall, { ids: [first!, second!], groupId: group.id });
    await desktop.call(groupUpdateCall, { id: group.id, name: 'Stores', icon: 1, sort: 1 });
    await desktop.call(profileDeleteCall, { ids: [second!] });
    await desktop.call(recycleRestoreCall, { ids: [second!] });
    await desktop.call(groupDeleteCall, { id: group.id });
    const subName = newPerson('o').username;
    const { subAccount } = await person.client.call(subAccountCreateCall, { username: subName, password: SUB_PASSWORD });
    const sub = await logIn(server, subName, SUB_PASSWORD);
    await sub.client.call(profileCreateCall, { settings: profileSettings({ name: 'Sub shop' }) });

    const { list, total } = await person.client.call(operationLogListCall, { limit: 100 });
    expect(total).toBe(10);
    expect(list.map((e) => [e.action, e.subject])).toEqual([
      ['profile.create', 'Sub shop'],
      ['subAccount.create', subName],
      ['group.delete', 'Stores'],
      ['profile.restore', 'Profile 2'],
      ['profile.delete', 'Profile 2'],
      ['group.update', 'Stores'],
      ['profile.moveGroup', 'Profile 1, Profile 2'],
      ['profile.create', 'Profile 2'],
      ['profile.create', 'Profile 1'],
      ['group.create', 'Shops'],
    ]);
    expect(list[0]!.account).toEqual({ id: subAccount.id, name: subName });
    expect(list.at(-1)!).toMatchObject({ account: { name: person.username }, machine: 'SHOP-PC-7' });
    expect(list.find((e) => e.action === 'group.update')!.details).toEqual({ from: 'Shops' });
    expect(list.find((e) => e.action === 'profile.moveGroup')!.details).toEqual({ count: 2, group: 'Shops' });
    // A plain client with no machine name shows what its user agent says.
    expect(list.find((e) => e.action === 'subAccount.create')!.machine).not.toBe('SHOP-PC-7');
    // Sorted newest first, each entry dated.
    expect(list.map((e) => e.createdAt)).toEqual([...list.map((e) => e.createdAt)].sort((a, b) => b - a));

    // Search by keyword (names and machine), by account, by date; paged.
    expect((await person.client.call(operationLogListCall, { keyword: 'stores' })).list.map((e) => e.action)).toEqual(['group.delete', 'group.update']);
    expect((await person.client.call(operationLogListCall, { keyword: 'shop-pc' })).total).toBe(8);
    expect((await person.client.call(operationLogListCall, { keyword: '%' })).total).toBe(0);
    expect((await person.client.call(operationLogListCall, { accountId: subAccount.id })).list.map((e) => e.subject)).toEqual(['Sub shop']);
    const middle = list[5]!.createdAt;
    const ranged = await person.client.call(operationLogListCall, { from: middle, to: middle, limit: 100 });
    expect(ranged.list.every((e) => e.createdAt === middle)).toBe(true);
    expect(ranged.total).toBeGreaterThan(0);
    const page2 = await person.client.call(operationLogListCall, { page: 2, limit: 20 });
    expect(page2).toEqual({ list: [], total: 10 });

    // Deleting the sub-account is logged; what it did stays in the log under its name.
    await person.client.call(subAccountDeleteCall, { id: subAccount.id, passwd: person.password });
    const after = await person.client.call(operationLogListCall, {});
    expect(after.list[0]).toMatchObject({ action: 'subAccount.delete', subject: subName, details: { profiles: 1 } });
    expect(after.list.some((e) => e.subject === 'Sub shop')).toBe(true);
  });

  it('records exports, cookie replacements, tag changes, and every open and close with the machine that ran it, also in the owner\'s log when a recipient ran it', async () => {
    const owner = await signedIn(server);
    const recipient = await signedIn(server);
    const [id] = await createProfiles(owner.client, 1, { name: 'Audited shop' });
    await owner.client.call(profileExportCall, { ids: [id!] });
    const cookie = { name: 'sid', value: '1', domain: '.shop.example', path: '/', secure: true, httpOnly: true, sameSite: 'lax' as const, expirationDate: 2_000_000_000 };
    await owner.client.call(profileCookiesCall, { id: id!, cookies: [cookie, { ...cookie, name: 'cart' }] });
    const { tag } = await owner.client.call(tagCreateCall, { name: 'VIP', color: 'gold' });
    await owner.client.call(profileTagCall, { ids: [id!], add: [tag.id], remove: [] });
    await owner.client.call(tagUpdateCall, { id: tag.id, name: 'Top', color: 'gold' });
    await owner.client.call(profileShareCall, { mode: 'accounts', ids: [id!], accounts: [recipient.username], permission: 'run' });

    // The recipient's machine opens it (a start whose browser came up) and closes it; then a start that failed.
    const laptop = newDevice();
    const launch = await recipient.client.call(profileLaunchCall, { id: id!, deviceKey: laptop.publicKey, deviceName: 'Laptop-B' });
    await recipient.client.call(profileOpenedCall, { id: id! });
    await recipient.client.call(profileCookiesCall, { id: id!, cookies: [cookie], grant: launch.grant });
    await recipient.client.call(profileLeaseReleaseCall, { id: id!, deviceKey: laptop.publicKey });
    server.clock.advance(1);
    await recipient.client.call(profileLaunchCall, { id: id!, deviceKey: laptop.publicKey, deviceName: 'Laptop-B' });
    await recipient.client.call(profileLeaseReleaseCall, { id: id!, deviceKey: laptop.publicKey });
    await owner.client.call(tagDeleteCall, { id: tag.id });

    const seen = (await owner.client.call(operationLogListCall, { page: 1, limit: 20, keyword: '' })).list.map((e) => [e.action, e.account.name, e.machine, e.subject, e.details]);
    expect(seen.slice(0, 8)).toEqual([
      ['tag.delete', owner.username, expect.any(String), 'Top', { count: 1 }],
      ['browser.close', recipient.username, 'Laptop-B', 'Audited shop', { device: 'Laptop-B' }],
      ['browser.open', recipient.username, 'Laptop-B', 'Audited shop', { device: 'Laptop-B' }],
      ['profile.share', owner.username, expect.any(String), 'Audited shop', expect.anything()],
      ['tag.update', owner.username, expect.any(String), 'Top', { from: 'VIP' }],
      ['profile.tag', owner.username, expect.any(String), 'Audited shop', { count: 1, added: 'VIP', removed: '' }],
      ['tag.create', owner.username, expect.any(String), 'VIP', {}],
      // The stop's cookie save (with the grant) is the close, not a replacement: one entry only.
      ['profile.cookies', owner.username, expect.any(String), 'Audited shop', { count: 2 }],
    ]);
    expect(seen[8]).toEqual(['profile.export', owner.username, expect.any(String), 'Audited shop', { count: 1 }]);
    // The recipient's own team sees its use of the profile too; searching by the machine finds it.
    const theirs = await recipient.client.call(operationLogListCall, { page: 1, limit: 20, keyword: 'laptop-b' });
    expect(theirs.list.map((e) => e.action)).toEqual(['browser.close', 'browser.open']);
  });

  it('writes the entry in the change’s transaction: no change without its entry, no entry without its change', async () => {
    const person = await signedIn(server);
    await person.client.call(groupCreateCall, { name: 'Taken', icon: 1, sort: 1 });
    await refusal(person.client.call(groupCreateCall, { name: 'Taken', icon: 1, sort: 2 }), Code.GROUP_NAME_TAKEN);
    const record = vi.spyOn(server.facet.services.operationLog, 'record').mockRejectedValueOnce(new Error('log write failed'));
    try {
      await refusal(person.client.call(profileCreateCall, { settings: profileSettings({ name: 'Unlogged' }) }), Code.SERVER_ERROR);
    } finally {
      record.mockRestore();
    }
    expect((await person.client.call(profileListCall, {})).total).toBe(0);
    const { list } = await person.client.call(operationLogListCall, {});
    expect(list.map((e) => [e.action, e.subject])).toEqual([['group.create', 'Taken']]);
  });

  it('is the main account’s: a sub-account may not read it, another account sees none of it', async () => {
    const person = await signedIn(server);
    await createProfiles(person.client, 1);
    const subName = newPerson('o').username;
    await person.client.call(subAccountCreateCall, { username: subName, password: SUB_PASSWORD });
    const sub = await logIn(server, subName, SUB_PASSWORD);
    await refusal(sub.client.call(operationLogListCall, {}), Code.MAIN_ACCOUNT_ONLY);
    const other = await signedIn(server);
    const { member } = await person.client.call(memberCall, {});
    expect(await other.client.call(operationLogListCall, { accountId: member.id })).toEqual({ list: [], total: 0 });
  });
});
