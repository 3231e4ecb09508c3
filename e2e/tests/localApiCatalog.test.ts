import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { ApiClient, memoryCredentialStore } from '@facet/api-client';
import { UNGROUPED_ID, apiProfileCreateCall, apiProfileDetailCall, apiProfileLaunchCall, apiSavedProxyDetailCall, apiTagListCall } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { signUpByApi } from '../support/accounts.ts';
import { apiTokenFor } from '../support/automation.ts';
import { chromiumPath } from '../support/browser.ts';
import { useLaunchHarness, WINDOWS_UA } from '../support/launchHarness.ts';

/**
 * The AdsPower local API's catalog paths — saved proxies, tags, categories, kernels and
 * cloud-active — called as an AdsPower script calls them, through a real agent (acting with an
 * API token), server and Chromium on loopback.
 */
const h = useLaunchHarness();

const ok = (answer: { body: { code: number; msg: string; data?: any } }) => {
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 0, msg: 'success' });
  return answer.body.data;
};
const post = (path: string, body: unknown) => h.agent.call(path, { body });

const chromiumMajor = () => Number(/(\d+)\.\d+\.\d+\.\d+/.exec(execFileSync(chromiumPath(), ['--version'], { encoding: 'utf8' }))![1]);

describe('proxy-list', () => {
  it('creates, lists without passwords, updates field by field and deletes the account\'s saved proxies', async () => {
    const created = ok(
      await post('/api/v2/proxy-list/create', [
        { type: 'http', host: '10.20.0.1', port: '8000', user: 'shop-user', password: 'shop-secret', remark: 'first', ipchecker: 'ipapi' },
        { type: 'socks5', host: 'proxy.example.test', port: 1080 },
      ]),
    );
    expect(created).toEqual({ proxy_id: [expect.any(String), expect.any(String)] });
    const [first, second] = created.proxy_id as [string, string];

    const listed = ok(await post('/api/v2/proxy-list/list', { proxy_id: [first], page: '1', limit: '50' }));
    expect(listed).toEqual({
      list: [{ proxy_id: first, type: 'http', host: '10.20.0.1', port: '8000', user: 'shop-user', password: '', has_password: true, proxy_url: '', remark: 'first', ipchecker: '', ip_country: '', profile_count: 0, created_time: expect.stringMatching(/^\d{10}$/) }],
      page: 1,
      limit: 50,
      total: 1,
    });
    const everything = ok(await post('/api/v2/proxy-list/list', {}));
    expect(everything.list.map((p: { proxy_id: string }) => p.proxy_id).sort()).toEqual([first, second].sort());
    expect(JSON.stringify(everything)).not.toContain('shop-secret');

    // Only the port changes; user, password and remark stay as they were.
    ok(await post('/api/v2/proxy-list/update', { proxy_id: first, port: '8080' }));
    expect((await h.serverApi.call(apiSavedProxyDetailCall, { id: first })).proxy).toMatchObject({ host: '10.20.0.1', port: 8080, username: 'shop-user', password: 'shop-secret' });
    // Another host: the kept password does not follow unless the request sends it.
    expect((await post('/api/v2/proxy-list/update', { proxy_id: first, host: '203.0.113.9' })).body).toEqual({ code: -1, msg: 'proxy_password_required' });
    expect((await h.serverApi.call(apiSavedProxyDetailCall, { id: first })).proxy).toMatchObject({ host: '10.20.0.1', password: 'shop-secret' });
    ok(await post('/api/v2/proxy-list/update', { proxy_id: first, host: '10.20.0.7', password: 'shop-secret' }));
    expect((await h.serverApi.call(apiSavedProxyDetailCall, { id: first })).proxy).toMatchObject({ host: '10.20.0.7', port: 8080, password: 'shop-secret' });

    expect((await post('/api/v2/proxy-list/create', [{ type: 'ssh', host: '10.20.0.2', port: '22' }])).body).toEqual({ code: -1, msg: 'proxy_type_unsupported' });
    expect((await post('/api/v2/proxy-list/create', [{ type: 'http', host: '10.20.0.3', port: '8000' }, { type: 'http', host: 'not a host', port: '8000' }])).body).toEqual({ code: -1, msg: 'proxy_host_invalid' });
    expect(ok(await post('/api/v2/proxy-list/list', {})).total).toBe(2);
    expect((await post('/api/v2/proxy-list/update', { proxy_id: 'prx_missing', port: '1' })).body).toMatchObject({ code: -1, msg: 'proxy_not_found' });

    expect((await post('/api/v2/proxy-list/delete', { proxy_id: [first, 'prx_missing'] })).body).toMatchObject({ code: -1, msg: 'proxy_not_found', data: { ids: ['prx_missing'] } });
    ok(await post('/api/v2/proxy-list/delete', { proxy_id: [first, second] }));
    expect(ok(await post('/api/v2/proxy-list/list', {})).list).toEqual([]);
  });
});

describe('browser-tags', () => {
  it('creates, lists, updates and deletes tags with AdsPower\'s colours, each request all or none', async () => {
    const { list: created } = ok(await post('/api/v2/browser-tags/create', { tags: [{ name: 'Shops', color: 'yellow' }, { name: 'Ads' }] }));
    expect(created).toEqual([
      { id: expect.any(String), name: 'Shops', color: 'yellow' },
      { id: expect.any(String), name: 'Ads', color: 'darkBlue' },
    ]);
    // The server keeps Facet's own colour for AdsPower's.
    expect((await h.serverApi.call(apiTagListCall, {})).list).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Shops', color: 'gold' })]));

    const [shops, ads] = created as [{ id: string }, { id: string }];
    expect(ok(await post('/api/v2/browser-tags/list', { ids: [ads.id] }))).toEqual({ list: [{ id: ads.id, name: 'Ads', color: 'darkBlue' }], page: 1, limit: 50, total: 1 });

    // A name the account has (any letter case) refuses the whole request: 'Mail' is not made either.
    expect((await post('/api/v2/browser-tags/create', { tags: [{ name: 'Mail' }, { name: 'shops' }] })).body).toEqual({ code: -1, msg: 'tag_name_taken', data: { name: 'shops' } });
    expect((await post('/api/v2/browser-tags/create', { tags: [{ name: 'x'.repeat(31) }] })).body).toEqual({ code: -1, msg: 'tag_name_too_long' });
    expect((await post('/api/v2/browser-tags/create', { tags: [{ name: 'Pink', color: 'pink' }] })).body).toMatchObject({ code: -1, msg: 'invalid_parameter' });
    expect(ok(await post('/api/v2/browser-tags/list', {})).total).toBe(2);

    expect(ok(await post('/api/v2/browser-tags/update', { tags: [{ id: shops.id, color: 'lightGreen' }, { id: ads.id, name: 'Adverts' }] })).list).toEqual([
      { id: shops.id, name: 'Shops', color: 'lightGreen' },
      { id: ads.id, name: 'Adverts', color: 'darkBlue' },
    ]);
    expect((await post('/api/v2/browser-tags/update', { tags: [{ id: shops.id, name: 'Renamed' }, { id: 'tag_missing', name: 'X' }] })).body).toEqual({ code: -1, msg: 'tag_not_found', data: { ids: ['tag_missing'] } });
    expect(ok(await post('/api/v2/browser-tags/list', { ids: [shops.id] })).list).toEqual([{ id: shops.id, name: 'Shops', color: 'lightGreen' }]);

    expect((await post('/api/v2/browser-tags/delete', { ids: [shops.id, 'tag_missing'] })).body).toMatchObject({ code: -1, msg: 'tag_not_found' });
    ok(await post('/api/v2/browser-tags/delete', { ids: [shops.id, ads.id] }));
    expect(ok(await post('/api/v2/browser-tags/list', {})).list).toEqual([]);
  });
});

describe('category/list', () => {
  it('answers the team\'s plugins as categories by v2\'s page and limit; a team without plugins has none', async () => {
    expect(ok(await h.agent.call('/api/v2/category/list?page=1&limit=10'))).toEqual({ list: [], page: 1, limit: 10, total: 0 });
    expect(ok(await h.agent.call('/api/v2/category/list?category_id=plg_missing'))).toEqual({ list: [], page: 1, limit: 10, total: 0 });
    expect((await h.agent.call('/api/v2/category/list?limit=101')).body).toMatchObject({ code: -1, msg: 'invalid_parameter' });
  });
});

describe('kernels', () => {
  it('lists the Chromium installed here, answers its download as completed and refuses what would need a download', async () => {
    const major = String(chromiumMajor());
    const { list } = ok(await h.agent.call('/api/v2/browser-profile/kernels'));
    expect(list).toContainEqual(expect.objectContaining({ kernel_type: 'Chrome', kernel_version: major, status: 'installed', is_default: true }));
    expect(ok(await h.agent.call('/api/v2/browser-profile/kernels?kernel_type=Firefox'))).toEqual({ list: [] });

    expect(ok(await post('/api/v2/browser-profile/download-kernel', { kernel_type: 'Chrome', kernel_version: major }))).toEqual({ kernel_type: 'Chrome', kernel_version: major, status: 'completed', progress: 100 });
    expect(ok(await post('/api/v2/browser-profile/download-kernel', { kernel_type: 'Chrome', kernel_version: 'latest' }))).toMatchObject({ kernel_version: major, status: 'completed' });
    const refused = await post('/api/v2/browser-profile/download-kernel', { kernel_type: 'Chrome', kernel_version: '92' });
    expect(refused.body).toEqual({ code: -1, msg: 'kernel_not_installed', data: { kernel_type: 'Chrome', kernel_version: '92', installed: expect.arrayContaining([major]), install: expect.stringContaining('apt-get install chromium') } });
    expect((await post('/api/v2/browser-profile/download-kernel', { kernel_type: 'Firefox', kernel_version: '138' })).body).toMatchObject({ code: -1, msg: 'kernel_unsupported' });
    expect((await post('/api/v2/browser-profile/download-kernel', { kernel_type: 'Chrome', kernel_version: '../141' })).body).toEqual({ code: -1, msg: 'kernel_version_invalid' });

    expect((await post('/api/v2/browser-profile/update-patch', { version_type: 'beta' })).body).toEqual({ code: -1, msg: 'patch_unsupported', data: { version: expect.any(String), version_type: 'beta' } });
  });
});

describe('cloud-active', () => {
  it('says which profiles run on any machine, and never reports another account\'s profile', async () => {
    const running = await h.createProfile('Runs for cloud-active');
    const idle = await h.createProfile('Idle for cloud-active');
    ok(await h.agent.call(`/api/v1/browser/start?user_id=${running}`));

    // Another account's profile, running on a machine of theirs.
    const stranger = await signUpByApi(h.stack);
    const theirs = new ApiClient({ baseUrl: h.stack.serverUrl, signKey: '', credentials: memoryCredentialStore(null), getLanguage: () => 0, apiToken: apiTokenFor(h.stack, stranger.email) });
    const { profile } = await theirs.call(apiProfileCreateCall, { settings: { name: 'Not yours', groupId: UNGROUPED_ID, os: 'windows', userAgent: WINDOWS_UA, resolution: '1920x1080', kernelVersion: '156' } });
    const deviceKey = generateKeyPairSync('x25519').publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('base64url');
    await theirs.call(apiProfileLaunchCall, { id: profile.id, deviceKey, deviceName: 'Their laptop' });

    const answer = ok(await post('/api/v1/browser/cloud-active', { user_ids: `${running},${idle},${profile.id}` }));
    expect(answer.list).toEqual([
      { user_id: running, status: 'Active', device: expect.any(String), by: expect.any(String) },
      { user_id: idle, status: 'Inactive', device: '', by: '' },
    ]);
    expect(JSON.stringify(answer)).not.toContain(profile.id);
    // The profile is still there for its owner: it was left out, not missing.
    expect((await theirs.call(apiProfileDetailCall, { id: profile.id })).profile.name).toBe('Not yours');

    ok(await h.agent.call(`/api/v1/browser/stop?user_id=${running}`));
    // The lease goes back once the stopped browser's state is saved, a moment after the stop answers.
    await expect.poll(async () => ok(await post('/api/v1/browser/cloud-active', { user_ids: [running] })).list).toEqual([{ user_id: running, status: 'Inactive', device: '', by: '' }]);
    expect((await post('/api/v1/browser/cloud-active', { user_ids: '' })).body).toEqual({ code: -1, msg: 'profile_id_required' });
  });
});
