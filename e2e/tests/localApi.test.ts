import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ApiClient, memoryCredentialStore } from '@facet/api-client';
import { apiProfileDetailCall, apiSharedListCall } from '@facet/contracts';
import { chromium as playwright } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { signUpByApi } from '../support/accounts.ts';
import { apiTokenFor } from '../support/automation.ts';
import { chromiumPath } from '../support/browser.ts';
import { useLaunchHarness, WINDOWS_UA } from '../support/launchHarness.ts';
import { repoRoot } from '../support/processes.ts';
import { processesWith } from '../support/xvfb.ts';

/**
 * The AdsPower-style local API, every path, called as a user's script calls it: AdsPower's
 * parameter names and answers, through a real agent, server and Chromium on loopback. What the
 * account may do is what the server lets it do, as in the console.
 */
const h = useLaunchHarness();

/** AdsPower's fields for a profile that opens the local test pages directly (port-scan protection off for them). */
const adsProfile = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  domain_name: `${h.pages.url}/`,
  user_proxy_config: { proxy_soft: 'no_proxy' },
  fingerprint_config: { ua: WINDOWS_UA, automatic_timezone: '0', timezone: 'Asia/Tokyo', language_switch: '0', language: ['de-DE', 'de'], screen_resolution: '1366_768', scan_port_type: '0' },
  ...extra,
});

const ok = (answer: { body: { code: number; msg: string; data?: any } }) => {
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 0, msg: 'success' });
  return answer.body.data;
};

const chromiumMajor = () => Number(/(\d+)\.\d+\.\d+\.\d+/.exec(execFileSync(chromiumPath(), ['--version'], { encoding: 'utf8' }))![1]);

describe('AdsPower v1 paths', () => {
  it('creates a group and a profile in it, lists, renames, regroups and deletes them', async () => {
    const group = ok(await h.agent.call('/api/v1/group/create', { body: { group_name: 'Shops v1', remark: 'kept aside' } }));
    expect(group).toEqual({ group_id: expect.any(String), group_name: 'Shops v1', remark: '' });
    expect(ok(await h.agent.call('/api/v1/group/list?group_name=shops%20v1')).list).toEqual([group]);
    ok(await h.agent.call('/api/v1/group/update', { body: { group_id: group.group_id, group_name: 'Shops (v1)' } }));
    expect(ok(await h.agent.call('/api/v1/group/list?page_size=100')).list).toContainEqual({ ...group, group_name: 'Shops (v1)' });

    const { id } = ok(await h.agent.call('/api/v1/user/create', { body: adsProfile('Made by v1', { group_id: group.group_id, remark: 'first' }) }));
    const [row] = ok(await h.agent.call(`/api/v1/user/list?user_id=${id}`)).list;
    expect(row).toMatchObject({ user_id: id, name: 'Made by v1', group_id: group.group_id, group_name: 'Shops (v1)', remark: 'first', created_time: expect.stringMatching(/^\d{10}$/), last_open_time: '' });
    // The server holds what AdsPower's fields said.
    const { profile } = await h.serverApi.call(apiProfileDetailCall, { id });
    expect(profile).toMatchObject({ userAgent: WINDOWS_UA, timezone: 'Asia/Tokyo', language: 'de-DE,de', resolution: '1366x768', startPage: `${h.pages.url}/`, proxy: { type: 'none', direct: true } });

    ok(await h.agent.call('/api/v1/user/update', { body: { user_id: id, name: 'Renamed by v1', fingerprint_config: { timezone: 'Europe/Berlin' } } }));
    expect((await h.serverApi.call(apiProfileDetailCall, { id })).profile).toMatchObject({ name: 'Renamed by v1', remark: 'first', timezone: 'Europe/Berlin', userAgent: WINDOWS_UA });
    ok(await h.agent.call('/api/v1/user/regroup', { body: { user_ids: [id], group_id: '0' } }));
    expect(ok(await h.agent.call(`/api/v1/user/list?serial_number=${row.serial_number}`)).list).toMatchObject([{ user_id: id, group_id: '0' }]);
    expect((await h.agent.call('/api/v1/user/regroup', { body: { user_ids: [id], group_id: '999999' } })).body.msg).toBe('group_not_found');

    ok(await h.agent.call('/api/v1/user/delete', { body: { user_ids: [id] } }));
    expect(ok(await h.agent.call(`/api/v1/user/list?user_id=${id}`)).list).toEqual([]);
    expect((await h.agent.call(`/api/v1/browser/start?user_id=${id}`)).body).toMatchObject({ code: -1, msg: 'profile_not_found' });
  });

  it('starts by number with AdsPower\'s options, attaches, and answers a chromedriver of the browser\'s version', async () => {
    const { id } = ok(await h.agent.call('/api/v1/user/create', { body: adsProfile('Started by number') }));
    const [row] = ok(await h.agent.call(`/api/v1/user/list?user_id=${id}`)).list;
    const args = encodeURIComponent(JSON.stringify(['--disable-notifications', `${h.pages.url}/?second`]));
    const started = ok(await h.agent.call(`/api/v1/browser/start?serial_number=${row.serial_number}&ip_tab=1&launch_args=${args}&clear_cache_after_closing=1`));
    expect(started).toEqual({ ws: { puppeteer: expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+\/devtools\/browser\//), selenium: `127.0.0.1:${started.debug_port}` }, debug_port: expect.stringMatching(/^\d+$/), webdriver: expect.any(String) });
    if (started.webdriver) {
      const driverMajor = Number(/ChromeDriver (\d+)\./.exec((await promisify(execFile)(started.webdriver, ['--version'])).stdout)![1]);
      expect(driverMajor).toBe(chromiumMajor());
    } else {
      expect(fs.existsSync('/usr/bin/chromedriver')).toBe(false);
    }
    const [browserProcess] = processesWith(`--user-data-dir=${h.agent.dataDir}/profiles/${id}`).filter((cmd) => !cmd.includes('--type='));
    expect(browserProcess).toContain('--disable-notifications');

    const browser = await playwright.connectOverCDP(started.ws.puppeteer);
    try {
      // The start page, the IP check page (ip_tab=1) and the page of launch_args.
      await expect.poll(() => browser.contexts()[0]!.pages().map((p) => p.url()).sort()).toEqual([`${h.pages.url}/`, `${h.pages.url}/?second`, `${h.pages.url}/ip`].sort());
    } finally {
      await browser.close().catch(() => {});
    }
    expect(ok(await h.agent.call(`/api/v1/browser/active?user_id=${id}`))).toMatchObject({ status: 'Active', ws: { puppeteer: started.ws.puppeteer }, debug_port: started.debug_port });
    expect(ok(await h.agent.call('/api/v1/browser/local-active')).list).toContainEqual({ user_id: id, ...started });
    expect((await h.agent.call(`/api/v1/browser/start?user_id=${id}&launch_args=${encodeURIComponent('["--remote-debugging-port=9"]')}`)).body).toEqual({ code: -1, msg: 'launch_args_refused', data: { refused: ['--remote-debugging-port=9'] } });

    const cache = path.join(h.agent.dataDir, 'profiles', id, 'Default', 'Cache');
    await expect.poll(() => fs.existsSync(cache)).toBe(true);
    ok(await h.agent.call(`/api/v1/browser/stop?serial_number=${row.serial_number}`));
    expect(ok(await h.agent.call(`/api/v1/browser/active?user_id=${id}`))).toEqual({ status: 'Inactive' });
    // clear_cache_after_closing: once the browser has gone, its HTTP cache goes too; its cookies stay.
    await expect.poll(() => fs.existsSync(cache)).toBe(false);
    expect(fs.existsSync(path.join(h.agent.dataDir, 'profiles', id, 'Default', 'Preferences'))).toBe(true);
  });

  it('clears the caches of closed profiles, refused while a browser runs', async () => {
    const { id } = ok(await h.agent.call('/api/v1/user/create', { body: adsProfile('Cache v1') }));
    ok(await h.agent.call(`/api/v1/browser/start?user_id=${id}`));
    const cache = path.join(h.agent.dataDir, 'profiles', id, 'Default', 'Cache');
    await expect.poll(() => fs.existsSync(cache)).toBe(true);
    expect((await h.agent.call('/api/v1/user/delete-cache', { body: {} })).body).toMatchObject({ code: -1, msg: 'browser_running' });
    ok(await h.agent.call(`/api/v1/browser/stop?user_id=${id}`));
    expect(ok(await h.agent.call('/api/v1/user/delete-cache', { body: {} }))).toMatchObject({ cleared: expect.any(Number), freed_bytes: expect.any(Number) });
    expect(fs.existsSync(cache)).toBe(false);
  });

  it('lists the team\'s plugins as application categories, and refuses a category that is none of them', async () => {
    expect(ok(await h.agent.call('/api/v1/application/list'))).toEqual({ list: [], page: 1, page_size: 10 });
    expect((await h.agent.call('/api/v1/user/create', { body: adsProfile('Unknown category', { sys_app_cate_id: '12345' }) })).body).toMatchObject({ code: -1, msg: 'plugin_not_found' });
  });
});

describe('AdsPower v2 paths', () => {
  it('creates, lists, changes the fingerprint of and deletes profiles, by id and by number', async () => {
    const created = ok(await h.agent.call('/api/v2/browser-profile/create', { body: adsProfile('Made by v2', { group_id: 0, tabs: ['https://ignored.example'] }) }));
    expect(created).toEqual({ profile_id: expect.any(String), profile_no: expect.stringMatching(/^\d+$/) });
    const listed = ok(await h.agent.call('/api/v2/browser-profile/list', { body: { profile_no: [created.profile_no], limit: 10 } }));
    expect(listed).toMatchObject({ page: 1, page_size: 10, list: [{ profile_id: created.profile_id, profile_no: created.profile_no, name: 'Made by v2', user_proxy_config: { proxy_soft: 'no_proxy' } }] });
    ok(await h.agent.call('/api/v2/browser-profile/update', { body: { profile_id: created.profile_id, remark: 'v2 remark', launch_args: ['--start-maximized'] } }));
    expect((await h.serverApi.call(apiProfileDetailCall, { id: created.profile_id })).profile).toMatchObject({ remark: 'v2 remark', fingerprint: { commandLine: '--start-maximized' } });

    expect(ok(await h.agent.call('/api/v2/browser-profile/ua', { body: { profile_no: [created.profile_no] } }))).toEqual({ list: [{ profile_id: created.profile_id, profile_no: created.profile_no, ua: WINDOWS_UA }] });
    const before = (await h.serverApi.call(apiProfileDetailCall, { id: created.profile_id })).profile;
    const renewed = ok(await h.agent.call('/api/v2/browser-profile/new-fingerprint', { body: { profile_id: [created.profile_id] } }));
    expect(renewed.list).toEqual([{ profile_id: created.profile_id, profile_no: created.profile_no, ua: expect.any(String) }]);
    const after = (await h.serverApi.call(apiProfileDetailCall, { id: created.profile_id })).profile;
    expect(after.fingerprint.noiseSeed).not.toBe(before.fingerprint.noiseSeed);
    expect([after.name, after.remark, after.timezone, after.fingerprint.commandLine]).toEqual([before.name, before.remark, before.timezone, before.fingerprint.commandLine]);

    ok(await h.agent.call('/api/v2/browser-profile/delete', { body: { profile_id: [created.profile_id] } }));
    expect(ok(await h.agent.call('/api/v2/browser-profile/list', { body: { profile_id: [created.profile_id] } })).list).toEqual([]);
  });

  it('starts, reads the running browser\'s cookies, stops (cookies kept), clears them, and stops every browser', async () => {
    const { profile_id: id, profile_no: no } = ok(await h.agent.call('/api/v2/browser-profile/create', { body: adsProfile('Cookies v2') }));
    const started = ok(await h.agent.call('/api/v2/browser-profile/start', { body: { profile_no: no, proxy_detection: '0', headless: '0' } }));
    const driven = await puppeteer.connect({ browserWSEndpoint: started.ws.puppeteer, defaultViewport: null });
    const page = await driven.newPage();
    await page.goto(`${h.pages.url}/`);
    await page.evaluate(() => {
      document.cookie = 'basket=three-items; path=/; max-age=3600';
    });
    await driven.disconnect();
    expect(ok(await h.agent.call(`/api/v2/browser-profile/active?profile_id=${id}`))).toMatchObject({ status: 'Active' });
    const live = JSON.parse(ok(await h.agent.call(`/api/v2/browser-profile/cookies?profile_no=${no}`)).cookies);
    expect(live).toContainEqual(expect.objectContaining({ name: 'basket', value: 'three-items', domain: '127.0.0.1', path: '/', session: false, expires: expect.any(Number) }));
    expect((await h.agent.call('/api/v2/browser-profile/delete-cache', { body: { profile_id: [id], type: ['cookie'] } })).body).toMatchObject({ code: -1, msg: 'browser_running' });

    ok(await h.agent.call('/api/v2/browser-profile/stop', { body: { profile_id: id } }));
    // Saved to the server at the stop: read from there now the browser is gone.
    expect(JSON.parse(ok(await h.agent.call(`/api/v2/browser-profile/cookies?profile_id=${id}`)).cookies)).toContainEqual(expect.objectContaining({ name: 'basket', value: 'three-items' }));
    expect(fs.existsSync(path.join(h.agent.dataDir, 'profiles', id, 'Default', 'History'))).toBe(true);
    expect(ok(await h.agent.call('/api/v2/browser-profile/delete-cache', { body: { profile_id: [id], type: ['cookie', 'history'] } }))).toMatchObject({ cleared: 1 });
    expect(JSON.parse(ok(await h.agent.call(`/api/v2/browser-profile/cookies?profile_id=${id}`)).cookies)).toEqual([]);
    expect(fs.existsSync(path.join(h.agent.dataDir, 'profiles', id, 'Default', 'History'))).toBe(false);

    const { id: other } = ok(await h.agent.call('/api/v1/user/create', { body: adsProfile('Another') }));
    ok(await h.agent.call('/api/v2/browser-profile/start', { body: { profile_id: id } }));
    ok(await h.agent.call('/api/v2/browser-profile/start', { body: { profile_id: other } }));
    expect(ok(await h.agent.call('/api/v2/browser-profile/stop-all', { body: {} }))).toEqual({ code: 0, msg: 'success', stopped: 2 });
    expect(ok(await h.agent.call('/api/v1/browser/local-active')).list).toEqual([]);
  });

  it('shares with another account by e-mail, who then finds it shared with them; an unknown account is the server\'s refusal', async () => {
    const { profile_id: id } = ok(await h.agent.call('/api/v2/browser-profile/create', { body: adsProfile('To share') }));
    const colleague = await signUpByApi(h.stack);
    expect(ok(await h.agent.call('/api/v2/browser-profile/share', { body: { profile_id: [id], receiver: colleague.email, share_type: 1, content: ['name'] } }))).toEqual({ group_name: '' });
    const theirs = new ApiClient({ baseUrl: h.stack.serverUrl, signKey: '', credentials: memoryCredentialStore(null), getLanguage: () => 0, apiToken: apiTokenFor(h.stack, colleague.email) });
    expect((await theirs.call(apiSharedListCall, {})).list).toMatchObject([{ id, permission: 'run' }]);
    expect((await h.agent.call('/api/v2/browser-profile/share', { body: { profile_id: [id], receiver: 'nobody@example.test' } })).body).toMatchObject({ code: -1, msg: 'account_unknown' });
    expect((await h.agent.call('/api/v2/browser-profile/share', { body: { profile_id: [id], receiver: '5550100', share_type: 2 } })).body).toEqual({ code: -1, msg: 'share_type_unsupported' });
  });
});

describe('the local API itself', () => {
  it('serves its OpenAPI document with the key, and no path changes state on the wrong method', async () => {
    const doc = await (await fetch(`${h.agent.baseUrl}/api/openapi.json`, { headers: { authorization: `Bearer ${h.agent.key}` } })).json();
    expect(doc.paths['/api/v1/browser/start'].get.parameters.map((p: { name: string }) => p.name)).toContain('launch_args');
    expect((await fetch(`${h.agent.baseUrl}/api/openapi.json`)).status).toBe(401);
    expect(await h.agent.call('/api/v1/user/delete?user_ids=x')).toEqual({ status: 405, body: { code: -1, msg: 'method_not_allowed' } });
  });
});

describe('a script written for AdsPower', () => {
  it('runs unchanged: group, profile, list, update, start, puppeteer, cookies, stop, delete', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(repoRoot, 'e2e/fixtures/adspowerScript.mjs')], {
      env: { ...process.env, ADSPOWER_API: h.agent.baseUrl, ADSPOWER_API_KEY: h.agent.key, SITE_URL: `${h.pages.url}/` },
      timeout: 120_000,
    });
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(result).toMatchObject({
      name: 'Shop account (renamed)',
      remark: 'updated by a script',
      debugPort: expect.stringMatching(/^\d+$/),
      seen: { timeZone: 'Europe/Berlin', language: 'de-DE', userAgent: expect.stringContaining('Windows NT 10.0') },
      status: 'Active',
      cookie: 'set-by-puppeteer',
      afterStop: 'Inactive',
      left: 0,
    });
    expect(result.opened).toContain(result.id);
  });
});
