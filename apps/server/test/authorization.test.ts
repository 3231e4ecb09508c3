import {
  Code,
  operationLogListCall,
  paymentListenCall,
  subscriptionOrderCall,
  subscriptionRenewalCall,
  subscriptionsCall,
  apiTokenResetCall,
  apiTokenViewCall,
  groupCreateCall,
  groupDeleteCall,
  groupListCall,
  groupUpdateCall,
  profileCreateCall,
  profileDeleteCall,
  profileDetailCall,
  profileListCall,
  profileMoveGroupCall,
  profileOpenedCall,
  profileCookiesCall,
  profileRemarkCall,
  profileShareCall,
  profileTransferCall,
  profileUnshareCall,
  profileUpdateCall,
  recycleListCall,
  recyclePurgeCall,
  recycleRestoreCall,
  sharedListCall,
  subAccountCreateCall,
  subAccountDeleteCall,
  subAccountListCall,
  subAccountUpdateCall,
  type CallDefinition,
  type CallRequest,
} from '@facet/contracts';
import type { ApiClient } from '@facet/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfiles, logIn, profileSettings, signedIn } from './flows.ts';
import { newPerson, startTestServer, type TestServer } from './harness.ts';

/**
 * Who may do what to a profile or group. Three accounts: the owner, a recipient the profile was
 * shared with, and a stranger. Every "cannot" row must be refused and change nothing; every
 * "can" row must work. Runs on SQLite and PostgreSQL like the rest of the server suite.
 */
let server: TestServer;
type Actor = 'owner' | 'recipient' | 'stranger';
let clients: Record<Actor, ApiClient>;
let names: Record<Actor, string>;
let passwords: Record<Actor, string>;
let live: string;
let recycled: string;
let group: string;
let strangerGroup: string;

beforeAll(async () => {
  server = await startTestServer();
  const [owner, recipient, stranger] = await Promise.all([signedIn(server), signedIn(server), signedIn(server)]);
  clients = { owner: owner.client, recipient: recipient.client, stranger: stranger.client };
  names = { owner: owner.username, recipient: recipient.username, stranger: stranger.username };
  passwords = { owner: owner.password, recipient: recipient.password, stranger: stranger.password };
  group = (await owner.client.call(groupCreateCall, { name: 'Owner group' })).group.id;
  strangerGroup = (await stranger.client.call(groupCreateCall, { name: 'Stranger group' })).group.id;
  [live, recycled] = (await createProfiles(owner.client, 2, { remark: 'untouched' })) as [string, string];
  await owner.client.call(profileShareCall, { mode: 'accounts', ids: [live, recycled], accounts: [recipient.username] });
  await owner.client.call(profileDeleteCall, { ids: [recycled] });
});
afterAll(() => server.close());

interface Row {
  what: string;
  call: CallDefinition;
  payload: () => unknown;
}

const rows: Row[] = [
  { what: 'read a profile', call: profileDetailCall, payload: () => ({ id: live }) },
  { what: 'open a profile\'s browser', call: profileOpenedCall, payload: () => ({ id: live }) },
  { what: 'save a profile\'s cookies', call: profileCookiesCall, payload: () => ({ id: live, cookies: [] }) },
  { what: 'edit a profile', call: profileUpdateCall, payload: () => ({ id: live, settings: profileSettings({ name: 'Hijacked' }) }) },
  { what: 'move a profile to ungrouped', call: profileMoveGroupCall, payload: () => ({ ids: [live], groupId: '0' }) },
  { what: 'set a remark', call: profileRemarkCall, payload: () => ({ ids: [live], remark: 'hijacked' }) },
  { what: 'delete a profile', call: profileDeleteCall, payload: () => ({ ids: [live] }) },
  { what: 'share a profile', call: profileShareCall, payload: () => ({ mode: 'accounts', ids: [live], accounts: [names.stranger] }) },
  { what: 'unshare a profile', call: profileUnshareCall, payload: () => ({ ids: [live], accountIds: ['acc_x'] }) },
  // With the caller's own right password: the profile, not the password, is what refuses it.
  { what: 'transfer a profile', call: profileTransferCall, payload: () => ({ ids: [live], account: names.stranger, passwd: 'correct horse battery' }) },
  { what: 'restore from the bin', call: recycleRestoreCall, payload: () => ({ ids: [recycled] }) },
  { what: 'purge from the bin', call: recyclePurgeCall, payload: () => ({ ids: [recycled] }) },
  { what: 'rename a group', call: groupUpdateCall, payload: () => ({ id: group, name: 'Hijacked' }) },
  { what: 'delete a group', call: groupDeleteCall, payload: () => ({ id: group }) },
];

/** Rows the recipient of a run-only share may do; everything else is the owner's alone. */
const recipientMay = new Set(['read a profile', 'open a profile\'s browser']);
/**
 * Rows a wider share would allow: a run-only recipient is told its permission is too low (it
 * knows the profile already). Saving cookies needs the grant of a launch (sharePermissions.test.ts).
 */
const recipientTooLow = new Set(['save a profile\'s cookies', 'edit a profile', 'share a profile', 'unshare a profile']);

async function outcome(actor: Actor, row: Row): Promise<number> {
  try {
    await clients[actor].call(row.call, row.payload() as CallRequest<typeof row.call>);
    return Code.OK;
  } catch (error) {
    return (error as { code: number }).code;
  }
}

async function snapshot() {
  const { profile } = await clients.owner.call(profileDetailCall, { id: live });
  return {
    profile: { name: profile.name, remark: profile.remark, groupId: profile.groupId, members: profile.members, owner: profile.owner.id },
    bin: (await clients.owner.call(recycleListCall, {})).list.map((r) => r.id),
    groups: (await clients.owner.call(groupListCall, {})).list.map((g) => g.name),
    strangerList: (await clients.stranger.call(profileListCall, {})).total,
  };
}

describe('authorization matrix', () => {
  for (const actor of ['stranger', 'recipient'] as const) {
    for (const row of rows) {
      const allowed = actor === 'recipient' && recipientMay.has(row.what);
      it(`${actor} ${allowed ? 'can' : 'cannot'} ${row.what}`, async () => {
        const before = await snapshot();
        const code = await outcome(actor, row);
        if (allowed) {
          expect(code).toBe(Code.OK);
        } else if (actor === 'recipient' && recipientTooLow.has(row.what)) {
          expect(code).toBe(Code.SHARED_ACCESS_TOO_LOW);
        } else {
          // "Not found", never "forbidden": a stranger learns nothing about other accounts' ids.
          expect(code).toBe(Code.NOT_FOUND);
        }
        expect(await snapshot()).toEqual(before);
      });
    }
  }

  it('stranger cannot move the owner\'s profile into their own group', async () => {
    const before = await snapshot();
    expect(await outcome('stranger', { what: 'x', call: profileMoveGroupCall, payload: () => ({ ids: [live], groupId: strangerGroup }) })).toBe(Code.NOT_FOUND);
    expect(await outcome('owner', { what: 'x', call: profileMoveGroupCall, payload: () => ({ ids: [live], groupId: strangerGroup }) })).toBe(Code.NOT_FOUND);
    expect(await snapshot()).toEqual(before);
  });

  it('lists show only what is the account\'s own or shared with it', async () => {
    expect((await clients.stranger.call(profileListCall, {})).total).toBe(0);
    expect((await clients.stranger.call(sharedListCall, {})).total).toBe(0);
    expect((await clients.recipient.call(profileListCall, {})).total).toBe(0);
    // The recycled profile is hidden from the recipient while it is in the bin.
    expect((await clients.recipient.call(sharedListCall, {})).list.map((r) => r.id)).toEqual([live]);
    expect((await clients.stranger.call(recycleListCall, {})).total).toBe(0);
    expect((await clients.stranger.call(groupListCall, {})).list.map((g) => g.name)).toEqual(['Stranger group']);
  });

  it('owner can do every row', async () => {
    const [extra] = await createProfiles(clients.owner, 1);
    const ownerRows: [CallDefinition, unknown][] = [
      [profileDetailCall, { id: live }],
      [profileUpdateCall, { id: live, settings: profileSettings({ name: 'Renamed', groupId: group }) }],
      [profileMoveGroupCall, { ids: [live], groupId: '0' }],
      [profileRemarkCall, { ids: [live], remark: 'mine' }],
      [profileShareCall, { mode: 'accounts', ids: [live], accounts: [names.stranger] }],
      [profileUnshareCall, { ids: [live], accountIds: ['acc_none'] }],
      [recycleRestoreCall, { ids: [recycled] }],
      [profileDeleteCall, { ids: [extra] }],
      [recyclePurgeCall, { ids: [extra] }],
      [groupUpdateCall, { id: group, name: 'Renamed group' }],
      [profileTransferCall, { ids: [live], account: names.recipient, passwd: passwords.owner }],
      [groupDeleteCall, { id: group }],
      [profileCreateCall, { settings: profileSettings() }],
    ];
    for (const [call, payload] of ownerRows) {
      await expect(clients.owner.call(call, payload as CallRequest<typeof call>), call.path).resolves.toBeDefined();
    }
    expect((await clients.recipient.call(profileListCall, {})).list.map((r) => r.id)).toEqual([live]);
  });
});

/**
 * Sub-account management and the other main-account-only calls (spec §6). Four callers: nobody
 * signed in, the main account, its sub-account, and another main account. A sub-account is
 * refused by role whatever it names; another account learns nothing about the ids (not found).
 */
describe('main-account-only matrix', () => {
  type Caller = 'anonymous' | 'main' | 'sub' | 'other';
  let callers: Record<Caller, ApiClient>;
  let mainPassword: string;
  let otherPassword: string;
  let subId: string;
  let subProfile: string;
  let otherName: string;
  let mainOrder: string;

  beforeAll(async () => {
    const [main, other] = await Promise.all([signedIn(server), signedIn(server)]);
    mainPassword = main.password;
    otherPassword = other.password;
    otherName = other.username;
    const username = newPerson('s').username;
    subId = (await main.client.call(subAccountCreateCall, { username, password: 'sub password 1', nickname: 'Kept' })).subAccount.id;
    const sub = await logIn(server, username, 'sub password 1');
    [subProfile] = (await createProfiles(sub.client, 1)) as [string];
    callers = { anonymous: server.client(), main: main.client, sub: sub.client, other: other.client };
    await server.facet.services.repositories.plans.insert({ id: 'plan_matrix', name: 'Matrix', monthly_price: 100, currency: 'USD', profiles: -1, sub_accounts: -1, description: '', sort: 0, retired_at: null, created_at: Date.now() });
    mainOrder = (await main.client.call(subscriptionsCall, { type: 'plan_matrix' })).s!;
  });

  const passwordOf = (caller: Caller) => (caller === 'other' ? otherPassword : caller === 'main' ? mainPassword : 'sub password 1');
  const guarded: { what: string; call: CallDefinition; payload: (caller: Caller) => unknown }[] = [
    { what: 'list sub-accounts', call: subAccountListCall, payload: () => ({}) },
    { what: 'add a sub-account', call: subAccountCreateCall, payload: () => ({ username: newPerson('s').username, password: 'another password' }) },
    { what: 'edit a sub-account', call: subAccountUpdateCall, payload: () => ({ id: subId, nickname: 'Hijacked', platformAccount: '', password: 'hijacked password' }) },
    { what: 'delete a sub-account', call: subAccountDeleteCall, payload: (caller) => ({ id: subId, passwd: passwordOf(caller) }) },
    { what: 'share with named accounts', call: profileShareCall, payload: () => ({ mode: 'accounts', ids: [subProfile], accounts: [otherName] }) },
    { what: 'share with all sub-accounts', call: profileShareCall, payload: () => ({ mode: 'subAccounts', ids: [subProfile] }) },
    { what: 'transfer a profile', call: profileTransferCall, payload: (caller) => ({ ids: [subProfile], account: otherName, passwd: passwordOf(caller) }) },
    { what: 'view the API token', call: apiTokenViewCall, payload: (caller) => ({ passwd: passwordOf(caller) }) },
    { what: 'reset the API token', call: apiTokenResetCall, payload: (caller) => ({ passwd: passwordOf(caller) }) },
    { what: 'open a purchase order', call: subscriptionsCall, payload: () => ({ type: 'plan_matrix' }) },
    { what: 'open a renewal order', call: subscriptionRenewalCall, payload: () => ({ type: 'plan_matrix' }) },
    { what: 'ask whether an order was paid', call: paymentListenCall, payload: () => ({ s: mainOrder }) },
    { what: 'pay an order', call: subscriptionOrderCall, payload: () => ({ s: mainOrder, id: 'operator' }) },
    { what: 'read the operation log', call: operationLogListCall, payload: () => ({}) },
  ];

  /** What each caller gets; the main account's rows that change things run in the last test. */
  const expected: Record<Exclude<Caller, 'main'>, Record<string, number>> = {
    anonymous: Object.fromEntries(guarded.map((r) => [r.what, Code.SESSION_EXPIRED])),
    sub: Object.fromEntries(guarded.map((r) => [r.what, Code.MAIN_ACCOUNT_ONLY])),
    // Another main account may list and add its own; the sub-account and its profile are not found.
    other: {
      'list sub-accounts': Code.OK,
      'add a sub-account': Code.OK,
      'edit a sub-account': Code.NOT_FOUND,
      'delete a sub-account': Code.NOT_FOUND,
      'share with named accounts': Code.NOT_FOUND,
      'share with all sub-accounts': Code.NOT_FOUND,
      'transfer a profile': Code.NOT_FOUND,
      // Its own token, which the main account's view does not see.
      'view the API token': Code.OK,
      'reset the API token': Code.OK,
      // Its own orders; the main account's order token is nobody's to it.
      'open a purchase order': Code.OK,
      'open a renewal order': Code.OK,
      'ask whether an order was paid': Code.NOT_FOUND,
      'pay an order': Code.NOT_FOUND,
      'read the operation log': Code.OK,
    },
  };

  async function mainView() {
    const { list } = await callers.main.call(subAccountListCall, {});
    const { profile } = await callers.sub.call(profileDetailCall, { id: subProfile });
    const order = await server.facet.services.repositories.orders.find(mainOrder);
    return { list, owner: profile.owner.id, members: profile.members, otherSubs: (await callers.other.call(subAccountListCall, {})).list.filter((s) => s.nickname !== '').length, order: { status: order?.status, method: order?.method } };
  }

  for (const caller of ['anonymous', 'sub', 'other'] as const) {
    for (const row of guarded) {
      const code = expected[caller][row.what]!;
      it(`${caller} ${code === Code.OK ? 'can' : 'cannot'} ${row.what}`, async () => {
        const before = await mainView();
        let got: number = Code.OK;
        try {
          await callers[caller].call(row.call, row.payload(caller) as CallRequest<typeof row.call>);
        } catch (error) {
          got = (error as { code: number }).code;
        }
        expect(got).toBe(code);
        expect(await mainView()).toEqual(before);
      });
    }
  }

  it('main can list, add, edit and delete its sub-account', async () => {
    expect((await callers.main.call(subAccountListCall, {})).list.map((s) => s.id)).toEqual([subId]);
    await callers.main.call(subAccountCreateCall, { username: newPerson('s').username, password: 'another password' });
    await callers.main.call(subAccountUpdateCall, { id: subId, nickname: 'Renamed', platformAccount: 'shop' });
    expect(await callers.main.call(subAccountDeleteCall, { id: subId, passwd: mainPassword })).toEqual({ deletedProfiles: 1 });
    expect((await callers.main.call(subAccountListCall, {})).list).toHaveLength(1);
  });
});
