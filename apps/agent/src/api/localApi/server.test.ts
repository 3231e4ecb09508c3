import { ApiError } from '@facet/api-client';
import { Code, type CallDefinition, type Group, type ProfileRow } from '@facet/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProfileSource } from '../../core/profileSource.ts';
import { RunningProfiles, type LaunchedProfile, type StartOptions } from '../../core/runningProfiles.ts';
import { startLocalApi, type LocalApi } from './server.ts';

/**
 * The local API over real HTTP on loopback, in front of an account faked at the server's edge
 * (the calls a ProfileSource makes) and browsers faked at RunningProfiles' launch: what the e2e
 * journeys cannot cheaply show — every refusal's shape, paging, numbers resolved to ids.
 */
const KEY = 'unit-test-local-api-key-0123';

const row = (serial: number): ProfileRow => ({
  id: `p${serial}`,
  serial,
  name: `Profile ${serial}`,
  groupId: '0',
  groupName: '',
  remark: '',
  os: 'windows',
  iconId: 1,
  proxy: { type: serial % 2 ? 'socks5' : 'none', host: serial % 2 ? '10.0.0.1' : '', port: serial % 2 ? 1080 : 0, country: 'DE', direct: false, hasCredentials: true },
  createdAt: 1_700_000_000_000 + serial,
  lastUsedAt: null,
  memberCount: 0,
  sharer: null,
  permission: null,
  tags: [],
  runningOn: null,
});
const rows = Array.from({ length: 130 }, (_, i) => row(130 - i));
const groups: Group[] = [
  { id: '1', name: 'Shops', icon: 3, sort: 0, createdAt: 0, profileCount: 0 },
  { id: '2', name: 'Ads', icon: 1, sort: 0, createdAt: 0, profileCount: 0 },
];

/** A profile as the server answers it, with a cookie an older version stored before the cookie rule. */
const storedProfile = {
  serial: 1,
  name: 'Stored',
  groupId: '0',
  os: 'windows',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  resolution: '1920x1080',
  kernelVersion: '156',
  cookies: [{ domain: 'javascript:alert(1)', name: 'a\r\nb', value: 'old', path: '/', httpOnly: false, secure: false, sameSite: 'unspecified' }],
};

let refusal: ApiError | null = null;
const calls: { path: string; input: Record<string, unknown> }[] = [];
const fakeSource = {
  call: async (call: CallDefinition, input: Record<string, unknown>) => {
    calls.push({ path: call.path, input });
    if (refusal) throw refusal;
    if (call.path === 'browser/list') {
      const { page = 1, limit = 20, ids, serials } = input as { page?: number; limit?: number; ids?: string[]; serials?: number[] };
      const found = rows.filter((r) => (!ids || ids.includes(r.id)) && (!serials || serials.includes(r.serial)));
      return { list: found.slice((page - 1) * limit, page * limit), total: found.length };
    }
    if (call.path === 'browser/shared') return { list: [], total: 0 };
    if (call.path === 'group/list') return { list: groups, ungroupedCount: 0 };
    if (call.path === 'browser/fingerprint') return { suggestion: { userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36', resolution: '1920x1080', kernelVersion: '156', fingerprint: {} } };
    if (call.path === 'browser/create') return { profile: { id: 'p131', serial: 131 } };
    if (call.path === 'browser/detail') return { profile: { ...storedProfile, id: input.id } };
    if (call.path === 'browser/update') return { profile: { ...storedProfile, ...(input.settings as object), id: input.id } };
    if (call.path === 'group/create') return { group: { id: '3', name: input.name, icon: 1, sort: 0, createdAt: 0, profileCount: 0 } };
    throw new Error(`no fake for ${call.path}`);
  },
} as unknown as ProfileSource;

let source: ProfileSource | null = fakeSource;
const starts: { profileId: string; options: StartOptions }[] = [];
const running = new RunningProfiles({ launch: async (profileId, options) => {
  starts.push({ profileId, options });
  return { endpoint: `ws://127.0.0.1:9222/devtools/browser/${profileId}`, debugPort: 9222, debugPortOpen: options.openDebugPort === true, skippedCookies: [], exited: new Promise(() => {}), stop: async () => {}, profile: { kernelVersion: '156' } } as unknown as LaunchedProfile;
} });
let api: LocalApi;
let base: string;

beforeAll(async () => {
  api = await startLocalApi({ key: KEY, running, source: () => source, webdriver: async (major) => (major === 156 ? '/usr/bin/chromedriver' : ''), version: '9.9.9' }, 0);
  base = `http://127.0.0.1:${api.port}`;
});
afterAll(() => api.close());
beforeEach(async () => {
  await running.stopAll();
  calls.length = 0;
  starts.length = 0;
  refusal = null;
  source = fakeSource;
});

async function call(path: string, init: { body?: unknown; method?: string; key?: string } = {}) {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { authorization: `Bearer ${init.key ?? KEY}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as { code: number; msg: string; data?: any } };
}

describe('local API requests', () => {
  it('answers AdsPower\'s status paths, and refuses an unknown path, the other method and a wrong key', async () => {
    expect(await call('/status')).toEqual({ status: 200, body: { code: 0, msg: 'success' } });
    expect(await call('/api/v1/status')).toEqual({ status: 200, body: { code: 0, msg: 'success' } });
    expect(await call('/api/v9/nothing')).toEqual({ status: 404, body: { code: -1, msg: 'not_found' } });
    expect(await call('/api/v1/user/create')).toEqual({ status: 405, body: { code: -1, msg: 'method_not_allowed' } });
    expect(await call('/api/v2/browser-profile/start', { method: 'GET' })).toMatchObject({ status: 405 });
    expect(await call('/status', { key: 'wrong' })).toEqual({ status: 401, body: { code: -1, msg: 'unauthorized' } });
  });

  it('names refused parameters by path and code, and asks for a profile when none is named', async () => {
    expect((await call('/api/v1/browser/start')).body).toMatchObject({ code: -1, msg: 'profile_id_required' });
    expect((await call('/api/v1/user/list?page_size=500')).body).toEqual({ code: -1, msg: 'invalid_parameter', data: { issues: [{ path: 'page_size', code: 'too_big' }] } });
    expect((await call('/api/v1/user/delete', { body: '{' as unknown })).body.msg).toBe('invalid_parameter');
    const broken = await fetch(`${base}/api/v1/user/delete`, { method: 'POST', headers: { authorization: `Bearer ${KEY}` }, body: '{not json' });
    expect(await broken.json()).toEqual({ code: -1, msg: 'invalid_json' });
  });

  it('serves its OpenAPI document with the key, generated from the route table', async () => {
    const response = await fetch(`${base}/api/openapi.json`, { headers: { authorization: `Bearer ${KEY}` } });
    const doc = (await response.json()) as { openapi: string; info: { version: string }; paths: Record<string, unknown> };
    expect([doc.openapi, doc.info.version]).toEqual(['3.1.0', '9.9.9']);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/user/create', '/api/v2/browser-profile/share', '/api/v1/application/list']));
    expect((await fetch(`${base}/api/openapi.json`)).status).toBe(401);
  });

  it('answers no_account while the agent acts as nobody, and the server\'s refusal by its code\'s name', async () => {
    source = null;
    expect((await call('/api/v1/user/list')).body).toMatchObject({ code: -1, msg: 'no_account', data: { reason: 'noAccount' } });
    source = fakeSource;
    refusal = new ApiError(Code.PLAN_EXPIRED, 'plan expired');
    expect((await call('/api/v1/group/list')).body).toEqual({ code: -1, msg: 'plan_expired', data: { code: Code.PLAN_EXPIRED } });
    refusal = new ApiError(Code.PROFILE_LIMIT_REACHED, 'limit', { limit: 5, used: 5 });
    expect((await call('/api/v2/browser-profile/create', { body: { name: 'One too many' } })).body).toEqual({ code: -1, msg: 'profile_limit_reached', data: { limit: 5, used: 5, code: Code.PROFILE_LIMIT_REACHED } });
    refusal = new ApiError(Code.NOT_FOUND, 'not found', { groupId: '9' });
    expect((await call('/api/v1/user/regroup', { body: { user_ids: ['p1'], group_id: 9 } })).body.msg).toBe('group_not_found');
  });
});

describe('local API browsers', () => {
  it('starts by id or by number with AdsPower\'s options, and answers where to attach with a matching chromedriver', async () => {
    const started = await call('/api/v1/browser/start?serial_number=7&open_tabs=1&launch_args=%5B%22--mute-audio%22%2C%22https%3A%2F%2Fshop.example%2F%22%5D&headless=1&clear_cache_after_closing=1&selenium=1');
    expect(started.body).toEqual({
      code: 0,
      msg: 'success',
      data: { ws: { puppeteer: 'ws://127.0.0.1:9222/devtools/browser/p7', selenium: '127.0.0.1:9222' }, debug_port: '9222', webdriver: '/usr/bin/chromedriver' },
    });
    expect(starts).toEqual([{ profileId: 'p7', options: { headless: true, openDebugPort: true, launchArgs: ['--mute-audio'], extraTabs: ['https://shop.example/'], openStartPage: false, clearCacheAfterClosing: true } }]);
    expect((await call('/api/v2/browser-profile/active?profile_no=7')).body.data).toMatchObject({ status: 'Active', debug_port: '9222' });
    expect((await call('/api/v1/browser/active?user_id=p8')).body.data).toEqual({ status: 'Inactive' });
    expect((await call('/api/v1/browser/local-active')).body.data.list).toMatchObject([{ user_id: 'p7', ws: { puppeteer: 'ws://127.0.0.1:9222/devtools/browser/p7' } }]);
    expect((await call('/api/v2/browser-profile/stop', { body: { profile_id: 'p7' } })).body).toEqual({ code: 0, msg: 'success' });
    expect((await call('/api/v1/browser/stop?user_id=p7')).body).toEqual({ code: -1, msg: 'browser_not_running' });
  });

  it('refuses switches outside the allowlist before anything starts', async () => {
    const refused = await call('/api/v2/browser-profile/start', { body: { profile_id: 'p1', launch_args: ['--start-maximized', '--remote-debugging-port=9222', '--load-extension=/tmp/x'] } });
    expect(refused.body).toEqual({ code: -1, msg: 'launch_args_refused', data: { refused: ['--remote-debugging-port=9222', '--load-extension=/tmp/x'] } });
    expect(starts).toEqual([]);
  });

  it('refuses a switch holding a control character (a NUL cannot reach a process\'s arguments), naming it, before anything starts', async () => {
    const withNul = await call('/api/v2/browser-profile/start', { body: { profile_id: 'p1', launch_args: ['--lang=en\u0000--x'] } });
    expect(withNul).toEqual({ status: 200, body: { code: -1, msg: 'invalid_parameter', data: { issues: [{ path: 'launch_args.0', code: 'custom' }] } } });
    const inQuery = await call(`/api/v1/browser/start?user_id=p1&launch_args=${encodeURIComponent('["--lang=en\\u0007"]')}`);
    expect(inQuery.body).toMatchObject({ code: -1, msg: 'invalid_parameter', data: { issues: [{ path: 'launch_args.0' }] } });
    expect(starts).toEqual([]);
  });

  it('refuses a profile\'s field the server would refuse, by AdsPower\'s name, and asks the server for nothing', async () => {
    const zone = await call('/api/v1/user/create', { body: { group_id: '0', fingerprint_config: { timezone: '../../etc/passwd' } } });
    expect(zone.body).toEqual({ code: -1, msg: 'invalid_parameter', data: { issues: [{ path: 'fingerprint_config.timezone', code: 'custom' }] } });
    const host = await call('/api/v2/browser-profile/update', { body: { profile_id: 'p1', user_proxy_config: { proxy_soft: 'other', proxy_type: 'http', proxy_host: 'a b', proxy_port: 8080 } } });
    expect(host.body).toMatchObject({ code: -1, msg: 'invalid_parameter', data: { issues: [{ path: 'user_proxy_config.proxy_host' }] } });
    expect(calls).toEqual([]);
  });

  it('stops every browser, answering the outcome in data as AdsPower\'s own client reads it', async () => {
    await call('/api/v1/browser/start?user_id=p1');
    await call('/api/v1/browser/start?user_id=p2');
    expect((await call('/api/v2/browser-profile/stop-all', { body: {} })).body).toEqual({ code: 0, msg: 'success', data: { code: 0, msg: 'success', stopped: 2 } });
    expect(running.list()).toEqual([]);
  });
});

describe('local API lists', () => {
  it('pages user/list by any size over the server\'s pages, with AdsPower\'s row names', async () => {
    const { body } = await call('/api/v1/user/list?page=11&page_size=10');
    expect(body.data).toMatchObject({ page: 11, page_size: 10 });
    expect(body.data.list.map((r: { serial_number: string }) => r.serial_number)).toEqual(['30', '29', '28', '27', '26', '25', '24', '23', '22', '21']);
    expect(calls.map((c) => c.input.page)).toEqual([2]);
    expect(body.data.list[1]).toEqual({
      serial_number: '29',
      user_id: 'p29',
      name: 'Profile 29',
      group_id: '0',
      group_name: '',
      domain_name: '',
      username: '',
      remark: '',
      sys_app_cate_id: '0',
      created_time: '1700000000',
      ip: '10.0.0.1',
      ip_country: 'de',
      password: '',
      last_open_time: '',
    });
  });

  it('lists v2 by ids and numbers, with the proxy but never its credentials', async () => {
    const { body } = await call('/api/v2/browser-profile/list', { body: { profile_id: ['p3'], profile_no: ['3'], limit: '5' } });
    expect(body.data.list).toEqual([expect.objectContaining({ profile_id: 'p3', profile_no: '3', user_proxy_config: { proxy_soft: 'other', proxy_type: 'socks5', proxy_host: '10.0.0.1', proxy_port: '1080' } })]);
    expect(JSON.stringify(body)).not.toMatch(/proxy_password/);
  });

  it('filters and pages groups by name, and answers a new group by AdsPower\'s names', async () => {
    expect((await call('/api/v1/group/list?group_name=SHO')).body.data).toEqual({ list: [{ group_id: '1', group_name: 'Shops', remark: '' }], page: 1, page_size: 10 });
    expect((await call('/api/v1/group/list?page=2&page_size=1')).body.data.list).toEqual([{ group_id: '2', group_name: 'Ads', remark: '' }]);
    expect((await call('/api/v1/group/create', { body: { group_name: 'New', remark: 'r' } })).body).toEqual({ code: 0, msg: 'success', data: { group_id: '3', group_name: 'New', remark: '' } });
  });
});

describe('local API cookies', () => {
  it('refuses a cookie a browser would refuse, naming it by its row and its field, and has nothing stored (issue 34)', async () => {
    const good = { domain: '.shop.example', name: 'sid', value: 'abc', path: '/' };
    const crlf = await call('/api/v1/user/create', { body: { cookie: [good, { ...good, name: 'a\r\nb' }] } });
    expect(crlf.body).toEqual({ code: -1, msg: 'cookie_invalid', data: { row: 2, field: 'name', key: 'validation.cookie.name' } });
    const script = await call('/api/v2/browser-profile/create', { body: { name: 'Shop', cookie: JSON.stringify([good, { ...good, domain: 'javascript:alert(1)' }]) } });
    expect(script.body).toEqual({ code: -1, msg: 'cookie_invalid', data: { row: 2, field: 'domain', key: 'validation.cookie.domain' } });
    expect(calls.map((c) => c.path)).not.toContain('browser/create');
    // The good cookie alone is taken, as it was before the rule.
    expect((await call('/api/v1/user/create', { body: { cookie: [good] } })).body).toEqual({ code: 0, msg: 'success', data: { id: 'p131' } });
    expect(calls.find((c) => c.path === 'browser/create')?.input).toMatchObject({ settings: { cookies: [{ ...good, httpOnly: false, secure: false, sameSite: 'unspecified' }] } });
  });

  it('changes a profile whose store holds a cookie from before the rule without failing: the cookies go back as stored, or not at all, and the server keeps them', async () => {
    expect((await call('/api/v1/user/update', { body: { user_id: 'p1', name: 'Renamed' } })).body).toEqual({ code: 0, msg: 'success' });
    expect((await call('/api/v2/browser-profile/new-fingerprint', { body: { profile_id: ['p1'] } })).body.code).toBe(0);
    const updates = calls.filter((c) => c.path === 'browser/update').map((c) => c.input.settings as { name: string; cookies: unknown });
    expect(updates).toHaveLength(2);
    expect(updates[0]).toEqual(expect.objectContaining({ name: 'Renamed', cookies: storedProfile.cookies }));
    // A new fingerprint leaves them out: the server keeps what it stores.
    expect(updates[1]!.cookies).toBeUndefined();
  });
});
