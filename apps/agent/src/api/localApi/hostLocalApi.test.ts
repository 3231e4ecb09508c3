import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserStatus, LaunchedProfile } from '../../core/runningProfiles.ts';
import { startHostLocalApi, type HostBrowsers } from './hostLocalApi.ts';
import type { LocalApi } from './server.ts';

/**
 * A host's local API over real HTTP on loopback, in front of runs faked at the host's edge: it
 * answers where a script attaches to a browser the host runs, as the desktop's does, behind the
 * same guard, and starts, stops or changes nothing.
 */
const KEY = 'unit-test-host-api-key-012345';

const status: BrowserStatus = {
  profileId: 'p1',
  state: 'running',
  number: 1,
  headless: false,
  endpoint: 'ws://127.0.0.1:40111/devtools/browser/secret-1',
  debugPort: 40111,
  debugPortOpen: false,
  skippedCookies: [],
};
const browsers: HostBrowsers = {
  list: () => [status],
  status: (profileId) => (profileId === 'p1' ? status : null),
  browser: (profileId) => (profileId === 'p1' ? ({ profile: { kernelVersion: '156' } } as unknown as LaunchedProfile) : null),
};
const webdriverAsked: number[] = [];

let api: LocalApi;
let base: string;
beforeAll(async () => {
  api = await startHostLocalApi({ key: KEY, browsers, webdriver: async (major) => (webdriverAsked.push(major), '/usr/bin/chromedriver'), version: '1.2.3' }, 0);
  base = `http://127.0.0.1:${api.port}`;
});
afterAll(() => api?.close());

const get = async (pathAndQuery: string, headers: Record<string, string> = { authorization: `Bearer ${KEY}` }, method = 'GET') => {
  const response = await fetch(`${base}${pathAndQuery}`, { method, headers });
  return { status: response.status, body: (await response.json()) as { code: number; msg: string; data?: unknown } };
};

const attach = { ws: { puppeteer: status.endpoint, selenium: '' }, debug_port: '40111', webdriver: '/usr/bin/chromedriver' };

describe('a host\'s local API', () => {
  it('answers where a script attaches to a profile the host runs, as the desktop agent does', async () => {
    expect(await get('/status')).toEqual({ status: 200, body: { code: 0, msg: 'success' } });
    expect(await get('/api/v1/browser/active?user_id=p1')).toEqual({ status: 200, body: { code: 0, msg: 'success', data: { status: 'Active', ...attach } } });
    expect(await get('/api/v2/browser-profile/active?profile_id=p1')).toEqual({ status: 200, body: { code: 0, msg: 'success', data: { status: 'Active', ...attach } } });
    expect(await get('/api/v1/browser/active?user_id=p2')).toEqual({ status: 200, body: { code: 0, msg: 'success', data: { status: 'Inactive' } } });
    expect(await get('/api/v1/browser/local-active')).toEqual({ status: 200, body: { code: 0, msg: 'success', data: { list: [{ user_id: 'p1', ...attach }] } } });
    expect(webdriverAsked).toContain(156);
  });

  it('starts, stops and changes nothing: every other path says the host only finds its runs', async () => {
    expect((await get('/api/v1/browser/start?user_id=p1')).body).toEqual({ code: -1, msg: 'host_runs_only' });
    expect((await get('/api/v1/browser/stop?user_id=p1')).body).toEqual({ code: -1, msg: 'host_runs_only' });
    expect((await get('/api/v2/browser-profile/stop-all', { authorization: `Bearer ${KEY}` }, 'POST')).body).toEqual({ code: -1, msg: 'host_runs_only' });
    expect((await get('/api/v1/user/list')).body).toEqual({ code: -1, msg: 'host_runs_only' });
    // A number names a profile of an account; the host acts as none.
    expect((await get('/api/v1/browser/active?serial_number=1')).body).toMatchObject({ code: -1, msg: 'no_account' });
  });

  it('keeps the desktop agent\'s guard: the key, and a Host and Origin of this machine', async () => {
    expect(await get('/api/v1/browser/local-active', {})).toEqual({ status: 401, body: { code: -1, msg: 'unauthorized' } });
    expect(await get('/api/v1/browser/local-active', { authorization: 'Bearer wrong-key-wrong-key-wrong' })).toEqual({ status: 401, body: { code: -1, msg: 'unauthorized' } });
    expect((await get('/api/v1/browser/local-active', { authorization: `Bearer ${KEY}`, origin: 'http://evil.example' })).status).toBe(403);
  });
});
