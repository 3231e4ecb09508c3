import {
  Code,
  profileDetailCall,
  profileUpdateCall,
  savedProxyAddCall,
  savedProxyAssignCall,
  savedProxyCheckedCall,
  savedProxyDeleteCall,
  savedProxyDetailCall,
  savedProxyListCall,
  savedProxyUpdateCall,
} from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfiles, refusal, settingsOf, signedIn } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());


describe('the saved proxy list', () => {
  it('adds by paste all or none, assigns to profiles, and one change reaches every profile that uses it', async () => {
    const { client } = await signedIn(server);
    const bad = await refusal(client.call(savedProxyAddCall, { lines: '10.0.0.1:8000:u1:p1\nnot a proxy\n' }), Code.PROXY_LINE_INVALID);
    expect(bad.data).toMatchObject({ line: 2 });
    expect((await client.call(savedProxyListCall, {})).total).toBe(0);

    const { ids } = await client.call(savedProxyAddCall, { lines: '10.0.0.1:8000:u1:p1\nsocks5://u2:p2@10.0.0.2:1080\n', remark: 'Batch A' });
    const listed = await client.call(savedProxyListCall, { search: '10.0.0.2' });
    expect(listed.list).toHaveLength(1);
    expect(listed.list[0]).toMatchObject({ type: 'socks5', host: '10.0.0.2', port: 1080, username: 'u2', hasCredentials: true, remark: 'Batch A', check: null, profileCount: 0 });
    expect(JSON.stringify(listed)).not.toContain('p2');
    expect((await client.call(savedProxyDetailCall, { id: ids[0]! })).proxy).toMatchObject({ type: 'http', host: '10.0.0.1', username: 'u1', password: 'p1' });

    const [a, b] = (await createProfiles(client, 2)) as [string, string];
    expect(await client.call(savedProxyAssignCall, { id: ids[0]!, profileIds: [a, b] })).toEqual({ changed: 2 });
    expect((await client.call(profileDetailCall, { id: a })).profile.proxy).toMatchObject({ type: 'http', host: '10.0.0.1', port: 8000, username: 'u1', password: 'p1' });

    // Profile b's proxy changed by hand: its own from now on.
    const bProfile = (await client.call(profileDetailCall, { id: b })).profile;
    await client.call(profileUpdateCall, { id: b, settings: { ...settingsOf(bProfile), proxy: { ...bProfile.proxy, port: 9999 } } });
    expect(await client.call(savedProxyUpdateCall, { id: ids[0]!, proxy: { type: 'http', host: '10.0.0.9', port: 8001, username: 'u9', password: 'p9' }, remark: 'moved' })).toEqual({ profilesChanged: 1 });
    expect((await client.call(profileDetailCall, { id: a })).profile.proxy).toMatchObject({ host: '10.0.0.9', port: 8001, password: 'p9' });
    expect((await client.call(profileDetailCall, { id: b })).profile.proxy).toMatchObject({ host: '10.0.0.1', port: 9999 });

    const { checkedAt } = await client.call(savedProxyCheckedCall, { id: ids[0]!, exitIp: '203.0.113.7', exitCountry: 'DE', latencyMs: 120, error: null });
    expect((await client.call(savedProxyListCall, { search: '10.0.0.9' })).list[0]).toMatchObject({ check: { exitIp: '203.0.113.7', exitCountry: 'DE', latencyMs: 120, checkedAt }, profileCount: 1 });

    // Deleted: the profile keeps the proxy as its own.
    expect(await client.call(savedProxyDeleteCall, { ids: [ids[0]!] })).toEqual({ changed: 1 });
    expect((await client.call(profileDetailCall, { id: a })).profile.proxy).toMatchObject({ host: '10.0.0.9', port: 8001 });
  });

  it('is the account\'s own: another account\'s proxy or profile is not found, and nothing changes', async () => {
    const owner = await signedIn(server);
    const stranger = await signedIn(server);
    const { ids } = await owner.client.call(savedProxyAddCall, { lines: '10.0.0.1:8000' });
    const [theirs] = (await createProfiles(stranger.client, 1)) as [string];
    const [mine] = (await createProfiles(owner.client, 1)) as [string];
    await refusal(stranger.client.call(savedProxyDetailCall, { id: ids[0]! }), Code.NOT_FOUND);
    await refusal(stranger.client.call(savedProxyAssignCall, { id: ids[0]!, profileIds: [theirs!] }), Code.NOT_FOUND);
    await refusal(owner.client.call(savedProxyAssignCall, { id: ids[0]!, profileIds: [mine!, theirs!] }), Code.NOT_FOUND);
    await refusal(stranger.client.call(savedProxyDeleteCall, { ids }), Code.NOT_FOUND);
    await refusal(stranger.client.call(savedProxyCheckedCall, { id: ids[0]!, exitIp: null, exitCountry: null, latencyMs: null, error: 'x' }), Code.NOT_FOUND);
    expect((await owner.client.call(profileDetailCall, { id: mine! })).profile.proxy.type).toBe('none');
    expect((await owner.client.call(savedProxyListCall, {})).list[0]!.check).toBeNull();
  });
});
