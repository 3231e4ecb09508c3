import {
  Code,
  groupCreateCall,
  groupDeleteCall,
  groupListCall,
  groupUpdateCall,
  profileCreateCall,
  profileDeleteCall,
  profileDetailCall,
  profileListCall,
  profileMoveGroupCall,
  profileRemarkCall,
  profileShareCall,
  profileTransferCall,
  profileUnshareCall,
  profileUpdateCall,
  recycleListCall,
  recyclePurgeCall,
  recycleRestoreCall,
  sharedListCall,
  type CallDefinition,
  type CallRequest,
} from '@facet/contracts';
import type { ApiClient } from '@facet/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfiles, profileSettings, signedIn } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Who may do what to a profile or group. Three accounts: the owner, a recipient the profile was
 * shared with, and a stranger. Every "cannot" row must be refused and change nothing; every
 * "can" row must work. Runs on SQLite and PostgreSQL like the rest of the server suite.
 */
let server: TestServer;
type Actor = 'owner' | 'recipient' | 'stranger';
let clients: Record<Actor, ApiClient>;
let names: Record<Actor, string>;
let live: string;
let recycled: string;
let group: string;
let strangerGroup: string;

beforeAll(async () => {
  server = await startTestServer();
  const [owner, recipient, stranger] = await Promise.all([signedIn(server), signedIn(server), signedIn(server)]);
  clients = { owner: owner.client, recipient: recipient.client, stranger: stranger.client };
  names = { owner: owner.username, recipient: recipient.username, stranger: stranger.username };
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
  { what: 'edit a profile', call: profileUpdateCall, payload: () => ({ id: live, settings: profileSettings({ name: 'Hijacked' }) }) },
  { what: 'move a profile to ungrouped', call: profileMoveGroupCall, payload: () => ({ ids: [live], groupId: '0' }) },
  { what: 'set a remark', call: profileRemarkCall, payload: () => ({ ids: [live], remark: 'hijacked' }) },
  { what: 'delete a profile', call: profileDeleteCall, payload: () => ({ ids: [live] }) },
  { what: 'share a profile', call: profileShareCall, payload: () => ({ mode: 'accounts', ids: [live], accounts: [names.stranger] }) },
  { what: 'unshare a profile', call: profileUnshareCall, payload: () => ({ ids: [live], accountIds: ['acc_x'] }) },
  { what: 'transfer a profile', call: profileTransferCall, payload: () => ({ ids: [live], account: names.stranger }) },
  { what: 'restore from the bin', call: recycleRestoreCall, payload: () => ({ ids: [recycled] }) },
  { what: 'purge from the bin', call: recyclePurgeCall, payload: () => ({ ids: [recycled] }) },
  { what: 'rename a group', call: groupUpdateCall, payload: () => ({ id: group, name: 'Hijacked' }) },
  { what: 'delete a group', call: groupDeleteCall, payload: () => ({ id: group }) },
];

/** Rows the recipient of a share may do; everything else is the owner's alone. */
const recipientMay = new Set(['read a profile']);

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
      [profileTransferCall, { ids: [live], account: names.recipient }],
      [groupDeleteCall, { id: group }],
      [profileCreateCall, { settings: profileSettings() }],
    ];
    for (const [call, payload] of ownerRows) {
      await expect(clients.owner.call(call, payload as CallRequest<typeof call>), call.path).resolves.toBeDefined();
    }
    expect((await clients.recipient.call(profileListCall, {})).list.map((r) => r.id)).toEqual([live]);
  });
});
