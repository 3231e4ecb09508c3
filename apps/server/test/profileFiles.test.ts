import { Code, groupCreateCall, groupListCall, profileDetailCall, profileExportCall, profileImportCall, profileListCall, profileMoveGroupCall } from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfiles, refusal, signedIn } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const cookie = { domain: '.shop.example', name: 'sid', value: 'exported-session', path: '/', httpOnly: true, secure: true, sameSite: 'lax' as const };

describe('profiles to and from files', () => {
  it('export every setting with the group by name; an import elsewhere makes the same profiles and the group', async () => {
    const from = await signedIn(server);
    const [a, b] = (await createProfiles(from.client, 2, { proxy: { type: 'socks5', host: '10.0.0.5', port: 1080, username: 'u', password: 'p' }, cookies: [cookie], fingerprint: { canvas: 'noise', hardwareConcurrency: 8 } as never })) as [string, string];
    const { group } = await from.client.call(groupCreateCall, { name: 'Shops EU' });
    await from.client.call(profileMoveGroupCall, { ids: [a], groupId: group.id });

    const { profiles } = await from.client.call(profileExportCall, { ids: [a, b] });
    expect(profiles.map((p) => p.groupName).sort()).toEqual(['', 'Shops EU']);
    expect(profiles[0]).toMatchObject({ proxy: { type: 'socks5', password: 'p' }, cookies: [cookie] });

    const to = await signedIn(server);
    const { ids } = await to.client.call(profileImportCall, { profiles });
    expect(ids).toHaveLength(2);
    const groups = (await to.client.call(groupListCall, {})).list;
    expect(groups.map((g) => g.name)).toEqual(['Shops EU']);
    for (const [i, id] of ids.entries()) {
      const { profile } = await to.client.call(profileDetailCall, { id });
      const { groupName, ...exported } = profiles[i]!;
      expect(profile.groupId).toBe(groupName ? groups[0]!.id : '0');
      expect({ ...profile, groupId: undefined }).toMatchObject({ ...exported, groupId: undefined });
    }
  });

  it('refuse a file with one bad profile whole, naming it, and create nothing (no group either)', async () => {
    const { client } = await signedIn(server);
    const good = { name: 'Fine', os: 'windows' as const, groupName: 'New group' };
    const error = await refusal(client.call(profileImportCall, { profiles: [good, good, { ...good, name: '', proxy: { type: 'http' as const, host: '', port: 0 } }] }), Code.INVALID_INPUT);
    const paths = (error.data as { issues: { path: string }[] }).issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['profiles.2.name', 'profiles.2.proxy.host']));
    expect(paths.every((p) => p.startsWith('profiles.2.'))).toBe(true);
    expect((await client.call(profileListCall, {})).total).toBe(0);
    expect((await client.call(groupListCall, {})).list).toEqual([]);
  });

  it('give a profile without a user agent a generated fingerprint for its system', async () => {
    const { client } = await signedIn(server);
    const { ids } = await client.call(profileImportCall, { profiles: [{ name: 'From a sheet', os: 'macos' }] });
    const { profile } = await client.call(profileDetailCall, { id: ids[0]! });
    expect(profile.userAgent).toMatch(/Macintosh/);
    expect(profile.resolution).toMatch(/^\d+x\d+$/);
  });

  it('export only the account\'s own profiles', async () => {
    const owner = await signedIn(server);
    const stranger = await signedIn(server);
    const [mine] = (await createProfiles(owner.client, 1)) as [string];
    const [theirs] = (await createProfiles(stranger.client, 1)) as [string];
    const refused = await refusal(owner.client.call(profileExportCall, { ids: [mine, theirs] }), Code.NOT_FOUND);
    expect(refused.data).toEqual({ ids: [theirs] });
  });
});
