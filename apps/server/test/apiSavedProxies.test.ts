import {
  Code,
  apiSavedProxyCreateCall,
  apiSavedProxyDeleteCall,
  apiSavedProxyListCall,
  apiTagCreateCall,
  apiTagDeleteCall,
  apiTagListCall,
  apiTagUpdateCall,
  apiTokenResetCall,
  savedProxyListCall,
} from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal, signedIn } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';

/** The saved proxies and tags through an API token: what the agent's local API reaches them by. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function scriptOf() {
  const person = await signedIn(server);
  const { token } = await person.client.call(apiTokenResetCall, { passwd: person.password });
  return { person, script: server.client({ apiToken: token }) };
}

const proxy = (host: string, extra: Record<string, unknown> = {}) => ({ proxy: { type: 'http' as const, host, port: 8000, ...extra }, remark: '' });

describe('saved proxies and tags through an API token', () => {
  it('creates proxies field by field in order, lists them by id without their passwords, and keeps them to the account', async () => {
    const { person, script } = await scriptOf();
    const { ids } = await script.call(apiSavedProxyCreateCall, { proxies: [proxy('10.1.0.1', { username: 'u1', password: 'secret-one' }), { ...proxy('10.1.0.2'), remark: 'second' }] });
    expect(ids).toHaveLength(2);
    const listed = await script.call(apiSavedProxyListCall, { ids: [ids[1]!] });
    expect(listed.list).toEqual([expect.objectContaining({ id: ids[1], host: '10.1.0.2', remark: 'second' })]);
    const all = await person.client.call(savedProxyListCall, {});
    expect(all.list.map((p) => p.id).sort()).toEqual([...ids].sort());
    expect(JSON.stringify(all)).not.toContain('secret-one');

    // A proxy type of "none" is no proxy to keep: the whole request changes nothing.
    await refusal(script.call(apiSavedProxyCreateCall, { proxies: [proxy('10.1.0.3'), { proxy: { type: 'none' }, remark: '' }] }), Code.INVALID_INPUT);
    expect((await script.call(apiSavedProxyListCall, {})).total).toBe(2);

    const { script: stranger } = await scriptOf();
    expect((await stranger.call(apiSavedProxyListCall, { ids })).list).toEqual([]);
    await refusal(stranger.call(apiSavedProxyDeleteCall, { ids: [ids[0]!] }), Code.NOT_FOUND);
    expect(await script.call(apiSavedProxyDeleteCall, { ids })).toEqual({ changed: 2 });
  });

  it('creates, renames and deletes tags', async () => {
    const { script } = await scriptOf();
    const { tag } = await script.call(apiTagCreateCall, { name: 'Shop', color: 'gold' });
    expect((await script.call(apiTagUpdateCall, { id: tag.id, name: 'Shops', color: 'lime' })).tag).toEqual({ id: tag.id, name: 'Shops', color: 'lime' });
    expect((await script.call(apiTagListCall, {})).list).toEqual([expect.objectContaining({ id: tag.id, name: 'Shops' })]);
    const { script: stranger } = await scriptOf();
    await refusal(stranger.call(apiTagDeleteCall, { id: tag.id }), Code.NOT_FOUND);
    // `changed` counts the profiles that carried it: none here.
    expect(await script.call(apiTagDeleteCall, { id: tag.id })).toEqual({ changed: 0 });
    expect((await script.call(apiTagListCall, {})).list).toEqual([]);
  });
});
