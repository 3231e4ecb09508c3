import {
  Code,
  fingerprintGenerateCall,
  profileBatchCreateCall,
  profileCreateCall,
  profileDetailCall,
  profileListCall,
  profileRemarkCall,
  profileUpdateCall,
  realtimeEvents,
  realtimeProgressEvent,
  type RealtimeProgress,
} from '@facet/contracts';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfiles, profileSettings, refusal, signedIn } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('profiles', () => {
  it('creates, reads and updates a profile with every setting kept', async () => {
    const { client } = await signedIn(server);
    const settings = profileSettings({
      name: 'Amazon DE',
      remark: 'seller central',
      proxy: { type: 'socks5', host: '127.0.0.1', port: 1080, username: 'user-a', password: 'proxy secret 42', country: 'DE' },
      cookies: [{ domain: '.example.test', name: 'sid', value: 'cookie secret 99' }],
      fingerprint: { webrtc: 'disabled', portScanProtection: { whitelist: '8000, 12345' }, commandLine: '--lang=de' },
    });
    const { profile } = await client.call(profileCreateCall, { settings });
    expect(profile).toMatchObject({ name: 'Amazon DE', serial: 1, groupId: '0', remark: 'seller central', members: [], sharer: null });
    expect(profile.proxy).toMatchObject({ type: 'socks5', host: '127.0.0.1', port: 1080, username: 'user-a', password: 'proxy secret 42', direct: false });
    expect(profile.fingerprint.webrtc).toBe('disabled');
    expect(profile.fingerprint.canvas).toBe('rendering');
    expect(profile.cookies[0]).toMatchObject({ name: 'sid', value: 'cookie secret 99', path: '/' });

    const updated = await client.call(profileUpdateCall, { id: profile.id, settings: { ...settings, name: 'Amazon DE 2', proxy: { type: 'none' } } });
    expect(updated.profile.name).toBe('Amazon DE 2');
    expect(updated.profile.proxy.type).toBe('none');
    const { profile: again } = await client.call(profileDetailCall, { id: profile.id });
    expect(again.name).toBe('Amazon DE 2');
    expect(again.serial).toBe(1);
  });

  it('keeps proxy credentials and cookies encrypted in the database', async () => {
    const { client } = await signedIn(server);
    const { profile } = await client.call(profileCreateCall, {
      settings: profileSettings({
        proxy: { type: 'http', host: '127.0.0.1', port: 8080, username: 'plain-user', password: 'plain-password-77' },
        cookies: [{ domain: 'a.test', name: 'token', value: 'plain-cookie-88' }],
      }),
    });
    const row = await server.facet.database.db.selectFrom('profiles').selectAll().where('id', '=', profile.id).executeTakeFirstOrThrow();
    const raw = JSON.stringify(row);
    for (const secret of ['plain-user', 'plain-password-77', 'plain-cookie-88']) expect(raw).not.toContain(secret);
    expect(row.secrets).toMatch(/^v2:1:/);
    expect(row.proxy_has_credentials).toBe(1);
  });

  it('refuses a profile without the required fields and stores nothing', async () => {
    const { client } = await signedIn(server);
    const error = await refusal(
      client.call(profileCreateCall, { settings: { ...profileSettings(), name: ' ', userAgent: '', resolution: '1920', proxy: { type: 'http', host: '', port: 0 } } }),
      Code.INVALID_INPUT,
    );
    const paths = (error.data as { issues: { path: string; key: string }[] }).issues;
    expect(paths).toEqual(
      expect.arrayContaining([
        { path: 'settings.name', key: 'validation.required' },
        { path: 'settings.userAgent', key: 'validation.required' },
        { path: 'settings.resolution', key: 'validation.resolution' },
        { path: 'settings.proxy.host', key: 'validation.proxy.hostRequired' },
        { path: 'settings.proxy.port', key: 'validation.proxy.port' },
      ]),
    );
    expect((await client.call(profileListCall, {})).total).toBe(0);
  });

  it('refuses a start page that is no address, and completes a bare host', async () => {
    const { client } = await signedIn(server);
    const error = await refusal(client.call(profileCreateCall, { settings: profileSettings({ startPage: 'not a url' }) }), Code.INVALID_INPUT);
    expect((error.data as { issues: unknown[] }).issues).toEqual([{ path: 'settings.startPage', key: 'validation.startPage' }]);
    await refusal(client.call(profileCreateCall, { settings: profileSettings({ startPage: 'javascript:alert(1)' }) }), Code.INVALID_INPUT);
    expect((await client.call(profileListCall, {})).total).toBe(0);
    const { profile } = await client.call(profileCreateCall, { settings: profileSettings({ startPage: 'shop.example/login' }) });
    expect(profile.startPage).toBe('https://shop.example/login');
  });

  it('lists with search over name, remark, id and proxy host, group filter, sort and page sizes', async () => {
    const { client } = await signedIn(server);
    const ids = await createProfiles(client, 25);
    await client.call(profileRemarkCall, { ids: [ids[3]!], remark: 'Needs 100% care_x' });
    const { profile: proxied } = await client.call(profileCreateCall, {
      settings: profileSettings({ name: 'Proxied', proxy: { type: 'http', host: 'proxy.example.test', port: 3128 } }),
    });

    const first = await client.call(profileListCall, { limit: 20 });
    expect(first.total).toBe(26);
    expect(first.list).toHaveLength(20);
    expect(first.list[0]!.name).toBe('Proxied');
    expect(first.list[0]!.proxy).toEqual({ type: 'http', host: 'proxy.example.test', port: 3128, country: '', direct: false, hasCredentials: false });
    const second = await client.call(profileListCall, { limit: 20, page: 2 });
    expect(second.list).toHaveLength(6);

    expect((await client.call(profileListCall, { search: 'profile 1' })).total).toBe(11);
    expect((await client.call(profileListCall, { search: '100% CARE_X' })).list.map((r) => r.id)).toEqual([ids[3]]);
    // % and _ typed by a person are literal characters, not wildcards.
    expect((await client.call(profileListCall, { search: '1%' })).total).toBe(0);
    expect((await client.call(profileListCall, { search: ids[7]! })).list.map((r) => r.id)).toEqual([ids[7]]);
    expect((await client.call(profileListCall, { search: 'example.test' })).list.map((r) => r.id)).toEqual([proxied.id]);

    const byName = await client.call(profileListCall, { sort: 'name', order: 'asc', limit: 40 });
    expect(byName.list.map((r) => r.name)).toEqual([...byName.list.map((r) => r.name)].sort());
    expect((await client.call(profileListCall, { groupId: '0' })).total).toBe(26);

    await refusal(client.call(profileListCall, { limit: 25 as 20 }), Code.INVALID_INPUT);
  });

  it('batch-creates profiles with their own fingerprints and pasted proxies, pushing progress', async () => {
    const { client, grant } = await signedIn(server);
    const socket = io(server.baseUrl, { path: '/socket.io', transports: ['websocket'] });
    const progress: RealtimeProgress[] = [];
    socket.on(realtimeProgressEvent, (p: RealtimeProgress) => progress.push(p));
    await new Promise<void>((resolve) => socket.emit(realtimeEvents.login, { auth: grant.auth }, () => resolve()));

    const { ids } = await client.call(profileBatchCreateCall, {
      template: profileSettings({ name: 'Batch', os: 'macos' }),
      count: 60,
      proxies: 'socks5://u1:p1@127.0.0.1:1081\n\n127.0.0.2:8080:u2:p2\n',
      requestId: 'batch-1',
    });
    expect(ids).toHaveLength(60);
    // The pushes are not awaited by the batch (a courtesy that must not fail it) and, with Redis,
    // go through its channel: the last may come a moment after the answer.
    await expect.poll(() => progress.at(-1)).toEqual({ requestId: 'batch-1', done: 60, total: 60 });
    socket.close();
    expect(progress.length).toBeGreaterThan(1);

    const details = await Promise.all(ids.slice(0, 4).map((id) => client.call(profileDetailCall, { id })));
    expect(details.map((d) => d.profile.name)).toEqual(['Batch-1', 'Batch-2', 'Batch-3', 'Batch-4']);
    expect(details.map((d) => d.profile.proxy.host)).toEqual(['127.0.0.1', '127.0.0.2', '127.0.0.1', '127.0.0.2']);
    expect(details[1]!.profile.proxy).toMatchObject({ type: 'http', username: 'u2', password: 'p2' });
    const seeds = new Set(details.map((d) => d.profile.fingerprint.noiseSeed));
    expect(seeds.size).toBe(4);
    for (const { profile } of details) expect(profile.userAgent).toMatch(/Macintosh.*Chrome\/156\.0\.0\.0/);
    expect(details.map((d) => d.profile.serial)).toEqual([1, 2, 3, 4]);
  });

  it('names the bad proxy line and creates nothing', async () => {
    const { client } = await signedIn(server);
    const error = await refusal(
      client.call(profileBatchCreateCall, { template: profileSettings(), count: 5, proxies: '127.0.0.1:8080\nnot a proxy\n' }),
      Code.PROXY_LINE_INVALID,
    );
    expect(error.data).toMatchObject({ line: 2 });
    expect(error.msg).toContain('2');
    expect((await client.call(profileListCall, {})).total).toBe(0);
  });

  it('suggests a realistic fingerprint for the chosen operating system', async () => {
    const { client } = await signedIn(server);
    const { suggestion } = await client.call(fingerprintGenerateCall, { os: 'linux' });
    expect(suggestion.userAgent).toMatch(/Linux.*Chrome\/156\.0\.0\.0/);
    expect(suggestion.resolution).toMatch(/^\d+x\d+$/);
    expect(suggestion.fingerprint.navigator.platform).toMatch(/Linux/);
  });
});
