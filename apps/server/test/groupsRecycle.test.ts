import {
  Code,
  groupCreateCall,
  groupDeleteCall,
  groupListCall,
  groupUpdateCall,
  profileDeleteCall,
  profileListCall,
  profileMoveGroupCall,
  recycleEmptyCall,
  recycleListCall,
  recyclePurgeCall,
  recycleRestoreCall,
} from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfiles, logIn, refusal, signedIn } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('groups', () => {
  it('creates groups, lists them by sort value then name, moves profiles in and ungroups them on delete', async () => {
    const { client } = await signedIn(server);
    const { group: b } = await client.call(groupCreateCall, { name: 'Beta', icon: 23, sort: 5 });
    const { group: a } = await client.call(groupCreateCall, { name: 'Alpha', icon: 2, sort: 5 });
    const { group: z } = await client.call(groupCreateCall, { name: 'Zulu', sort: 1 });
    const ids = await createProfiles(client, 3);
    expect((await client.call(profileMoveGroupCall, { ids: ids.slice(0, 2), groupId: b.id })).changed).toBe(2);

    const listed = await client.call(groupListCall, {});
    expect(listed.list.map((g) => [g.name, g.profileCount])).toEqual([['Zulu', 0], ['Alpha', 0], ['Beta', 2]]);
    expect(listed.ungroupedCount).toBe(1);
    expect((await client.call(profileListCall, { groupId: b.id })).list.every((r) => r.groupName === 'Beta')).toBe(true);

    const { group: renamed } = await client.call(groupUpdateCall, { id: a.id, name: 'Alpha 2', icon: 7, sort: 0 });
    expect(renamed).toMatchObject({ name: 'Alpha 2', icon: 7, sort: 0 });

    expect((await client.call(groupDeleteCall, { id: b.id })).moved).toBe(2);
    expect((await client.call(groupListCall, {})).ungroupedCount).toBe(3);
    await refusal(client.call(groupDeleteCall, { id: b.id }), Code.NOT_FOUND);
    expect(z.icon).toBe(1);
  });

  it('refuses a duplicate name, a bad sort value and an unknown icon, changing nothing', async () => {
    const { client } = await signedIn(server);
    await client.call(groupCreateCall, { name: 'Shops' });
    await refusal(client.call(groupCreateCall, { name: 'Shops' }), Code.GROUP_NAME_TAKEN);
    const bad = await refusal(client.call(groupCreateCall, { name: 'Other', sort: 10_000 }), Code.INVALID_INPUT);
    expect(bad.data).toEqual({ issues: [{ path: 'sort', key: 'validation.sortValue' }] });
    await refusal(client.call(groupCreateCall, { name: 'Other', sort: 1.5 }), Code.INVALID_INPUT);
    await refusal(client.call(groupCreateCall, { name: 'Other', icon: 24 }), Code.INVALID_INPUT);
    await refusal(client.call(groupCreateCall, { name: '  ' }), Code.INVALID_INPUT);
    expect((await client.call(groupListCall, {})).list.map((g) => g.name)).toEqual(['Shops']);
  });

  it('refuses moving into a group of another account', async () => {
    const owner = await signedIn(server);
    const other = await signedIn(server);
    const { group } = await other.client.call(groupCreateCall, { name: 'Theirs' });
    const ids = await createProfiles(owner.client, 1);
    await refusal(owner.client.call(profileMoveGroupCall, { ids, groupId: group.id }), Code.NOT_FOUND);
    expect((await other.client.call(groupListCall, {})).list[0]!.profileCount).toBe(0);
  });
});

describe('recycle bin', () => {
  it('moves deleted profiles to the bin, restores them, purges and empties', async () => {
    const { client } = await signedIn(server);
    const ids = await createProfiles(client, 5);
    expect((await client.call(profileDeleteCall, { ids: ids.slice(0, 4) })).changed).toBe(4);
    expect((await client.call(profileListCall, {})).total).toBe(1);

    const bin = await client.call(recycleListCall, {});
    expect(bin.total).toBe(4);
    expect(bin.retentionDays).toBe(30);
    const item = bin.list[0]!;
    expect(item.purgeAt - item.deletedAt).toBe(30 * 86_400_000);

    expect((await client.call(recycleRestoreCall, { ids: [ids[0]!] })).changed).toBe(1);
    expect((await client.call(profileListCall, {})).total).toBe(2);
    expect((await client.call(recyclePurgeCall, { ids: [ids[1]!] })).changed).toBe(1);
    // A live profile is not in the bin: the whole batch is refused.
    await refusal(client.call(recycleRestoreCall, { ids: [ids[2]!, ids[4]!] }), Code.NOT_FOUND);
    expect((await client.call(recycleListCall, {})).total).toBe(2);
    expect((await client.call(recycleEmptyCall, {})).changed).toBe(2);
    expect((await client.call(recycleListCall, {})).total).toBe(0);
    expect((await client.call(profileListCall, {})).total).toBe(2);
  });

  it('purges what has been in the bin past its retention, and nothing younger', async () => {
    const person = await signedIn(server);
    const ids = await createProfiles(person.client, 2);
    await person.client.call(profileDeleteCall, { ids: [ids[0]!] });
    server.clock.advance(29 * 86_400);
    // A month later the old session is gone; sign in again as the person would.
    const { client } = await logIn(server, person.email, person.password);
    await client.call(profileDeleteCall, { ids: [ids[1]!] });
    server.clock.advance(1 * 86_400 + 1);
    await server.facet.services.recycle.purgeExpired();
    const { client: later } = await logIn(server, person.email, person.password);
    expect((await later.call(recycleListCall, {})).list.map((r) => r.id)).toEqual([ids[1]]);
  });
});
