import { Code, MAX_TAGS, profileListCall, profileTagCall, tagCreateCall, tagDeleteCall, tagListCall, tagUpdateCall } from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfiles, refusal, signedIn } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('tags', () => {
  it('label profiles across groups, filter the list, and go with their deletion', async () => {
    const { client } = await signedIn(server);
    const [a, b, c] = (await createProfiles(client, 3)) as [string, string, string];
    const { tag: vip } = await client.call(tagCreateCall, { name: 'VIP', color: 'gold' });
    const { tag: warm } = await client.call(tagCreateCall, { name: 'warming up' });
    expect(warm.color).toBe('blue');
    await refusal(client.call(tagCreateCall, { name: 'vip' }), Code.TAG_NAME_TAKEN);

    expect(await client.call(profileTagCall, { ids: [a, b], add: [vip.id, warm.id] })).toEqual({ changed: 2 });
    expect(await client.call(profileTagCall, { ids: [b], remove: [warm.id] })).toEqual({ changed: 1 });
    // Adding what is there already changes nothing on it.
    await client.call(profileTagCall, { ids: [a], add: [vip.id] });

    const filtered = await client.call(profileListCall, { tagId: vip.id, sort: 'serial', order: 'asc' });
    expect(filtered.total).toBe(2);
    expect(filtered.list.map((r) => [r.id, r.tags.map((t) => t.name)])).toEqual([
      [a, ['VIP', 'warming up']],
      [b, ['VIP']],
    ]);
    expect((await client.call(profileListCall, {})).list.find((r) => r.id === c)!.tags).toEqual([]);
    expect((await client.call(tagListCall, {})).list.map((t) => [t.name, t.color, t.profileCount])).toEqual([
      ['VIP', 'gold', 2],
      ['warming up', 'blue', 1],
    ]);

    await client.call(tagUpdateCall, { id: vip.id, name: 'Top', color: 'red' });
    expect((await client.call(profileListCall, { tagId: vip.id })).list[0]!.tags[0]).toMatchObject({ name: 'Top', color: 'red' });
    expect(await client.call(tagDeleteCall, { id: vip.id })).toEqual({ changed: 2 });
    expect((await client.call(profileListCall, { tagId: vip.id })).total).toBe(0);
    expect((await client.call(profileListCall, {})).list.find((r) => r.id === a)!.tags.map((t) => t.name)).toEqual(['warming up']);
  });

  it('are the account\'s own: another\'s tag or profile is not found, and nothing changes', async () => {
    const owner = await signedIn(server);
    const stranger = await signedIn(server);
    const [mine] = (await createProfiles(owner.client, 1)) as [string];
    const [theirs] = (await createProfiles(stranger.client, 1)) as [string];
    const { tag } = await owner.client.call(tagCreateCall, { name: 'Mine' });
    const { tag: other } = await stranger.client.call(tagCreateCall, { name: 'Theirs' });

    await refusal(owner.client.call(profileTagCall, { ids: [mine], add: [tag.id, other.id] }), Code.NOT_FOUND);
    await refusal(owner.client.call(profileTagCall, { ids: [mine, theirs], add: [tag.id] }), Code.NOT_FOUND);
    await refusal(stranger.client.call(tagUpdateCall, { id: tag.id, name: 'Hijacked' }), Code.NOT_FOUND);
    await refusal(stranger.client.call(tagDeleteCall, { id: tag.id }), Code.NOT_FOUND);
    expect((await owner.client.call(profileListCall, {})).list[0]!.tags).toEqual([]);
    expect((await owner.client.call(tagListCall, {})).list.map((t) => t.name)).toEqual(['Mine']);
  });

  it('stop at the limit with its code', async () => {
    const { client } = await signedIn(server);
    for (let i = 0; i < MAX_TAGS; i++) await client.call(tagCreateCall, { name: `t${i}` });
    const refused = await refusal(client.call(tagCreateCall, { name: 'one more' }), Code.TAG_LIMIT_REACHED);
    expect(refused.data).toEqual({ limit: MAX_TAGS });
  });
});
