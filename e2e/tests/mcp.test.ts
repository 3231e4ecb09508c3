import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useLaunchHarness } from '../support/launchHarness.ts';
import { stdioMcpClient } from '../support/mcpClient.ts';

/**
 * `npm run --silent facet -- mcp` as an AI agent's host runs it: a real MCP client session over
 * stdio, every tool called against the running agent, a profile made, started, driven,
 * read and stopped through the tools alone.
 */
const h = useLaunchHarness();
let client: Client;

beforeAll(async () => {
  client = await stdioMcpClient(h.agent);
});
afterAll(() => client?.close());

/** A tool's result: its JSON text parsed, and whether it was an error. */
async function call(name: string, args: Record<string, unknown>): Promise<{ isError: boolean; value: any }> {
  const answer = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: { type: string; text: string }[] };
  return { isError: answer.isError === true, value: JSON.parse(answer.content[0]!.text) };
}

/** AdsPower's MCP tool set (AdsPower/adspower-browser, packages/local-api-mcp); Facet's own are FACET_TOOLS. */
const ADSPOWER_TOOLS = [
  'open-browser', 'close-browser', 'create-browser', 'update-browser', 'delete-browser', 'get-browser-list', 'get-opened-browser', 'move-browser',
  'get-profile-cookies', 'get-profile-ua', 'close-all-profiles', 'new-fingerprint', 'delete-cache-v2', 'share-profile', 'get-browser-active', 'get-cloud-active',
  'create-group', 'update-group', 'get-group-list', 'check-status', 'get-application-list',
  'create-proxy', 'update-proxy', 'get-proxy-list', 'delete-proxy', 'get-tag-list', 'create-tag', 'update-tag', 'delete-tag',
  'download-kernel', 'get-kernel-list', 'update-patch',
  'connect-browser-with-ws', 'open-new-page', 'navigate', 'screenshot', 'get-page-visible-text', 'get-page-html', 'click-element', 'fill-input',
  'select-option', 'hover-element', 'scroll-element', 'press-key', 'evaluate-script', 'drag-element', 'iframe-click-element',
];

const FACET_TOOLS = ['check_profile', 'start-synchronizer', 'get-synchronizer-status', 'resync-follower', 'drop-follower', 'stop-synchronizer'];

describe('the MCP server', () => {
  it('offers AdsPower\'s MCP tools under their names, and Facet\'s own (check, the window synchronizer), each once', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...ADSPOWER_TOOLS, ...FACET_TOOLS].sort());
    expect(tools.find((t) => t.name === 'update-browser')!.inputSchema.required).toEqual(['profile_id']);
    expect(tools.find((t) => t.name === 'connect-browser-with-ws')!.inputSchema.required).toEqual(['wsUrl']);
  });

  it('takes a profile from made to stopped through the local API\'s tools alone', async () => {
    const group = await call('create-group', { group_name: 'Agents' });
    expect(group.isError, JSON.stringify(group.value)).toBe(false);
    const created = await call('create-browser', { group_id: '0', name: 'Made by an agent', tabs: [`${h.pages.url}/`] });
    expect(created.isError, JSON.stringify(created.value)).toBe(false);
    const id = created.value.profile_id as string;
    expect((await call('update-browser', { profile_id: id, name: 'Renamed by an agent', remark: 'via MCP' })).isError).toBe(false);
    expect((await call('move-browser', { group_id: String(group.value.group_id), user_ids: [id] })).isError).toBe(false);
    const listed = await call('get-browser-list', { profile_id: [id] });
    expect(listed.value.list).toHaveLength(1);
    expect(listed.value.list[0]).toMatchObject({ name: 'Renamed by an agent', remark: 'via MCP', group_id: String(group.value.group_id) });

    const started = await call('open-browser', { profile_id: id, headless: '1' });
    expect(started.isError, JSON.stringify(started.value)).toBe(false);
    expect((await call('get-browser-active', { profile_id: id })).value.status).toBe('Active');
    expect((await call('get-opened-browser', {})).value.list.map((b: { user_id: string }) => b.user_id)).toContain(id);
    const browser = await puppeteer.connect({ browserWSEndpoint: started.value.ws.puppeteer, defaultViewport: null });
    // The start page the tool gave the profile is what the browser opened.
    const page = (await (await browser.waitForTarget((t) => t.url().startsWith(h.pages.url), { timeout: 15_000 })).page())!;
    await page.setCookie({ name: 'agent', value: 'was-here', url: `${h.pages.url}/`, expires: Math.floor(Date.now() / 1000) + 3600 });
    await browser.disconnect();
    const cookies = await call('get-profile-cookies', { profile_id: id });
    expect(JSON.parse(cookies.value.cookies as string).map((c: { name: string; value: string }) => `${c.name}=${c.value}`)).toContain('agent=was-here');
    const check = await call('check_profile', { profile_id: id, lang: 'de' });
    expect(check.value.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect((await call('close-browser', { profile_id: id })).isError).toBe(false);

    // A refusal reaches the model as an error with the local API's stable code.
    const again = await call('close-browser', { profile_id: id });
    expect(again).toEqual({ isError: true, value: { error: 'browser_not_running' } });
    expect((await call('open-browser', { profile_id: 'no-such-profile' })).value.error).toBe('profile_not_found');
    expect((await call('delete-browser', { profile_id: [id] })).isError).toBe(false);
  });

  it('runs the window synchronizer through its tools: two running profiles, one leading, then dropped and stopped', async () => {
    const made = await Promise.all(['Leader by an agent', 'Follower by an agent'].map((name) => call('create-browser', { group_id: '0', name, tabs: [`${h.pages.url}/`] })));
    const [leader, follower] = made.map((m) => m.value.profile_id as string) as [string, string];
    const notRunning = await call('start-synchronizer', { leader_id: leader, follower_ids: [follower] });
    expect(notRunning).toEqual({ isError: true, value: expect.objectContaining({ error: 'leader_not_running' }) });
    for (const id of [leader, follower]) expect((await call('open-browser', { profile_id: id, headless: '1' })).isError).toBe(false);
    const started = await call('start-synchronizer', { leader_id: leader, follower_ids: [follower], options: { min_delay_ms: 10, max_delay_ms: 40 } });
    expect(started.isError, JSON.stringify(started.value)).toBe(false);
    expect(started.value).toMatchObject({ running: true, leader_id: leader, followers: [{ user_id: follower }] });
    expect((await call('start-synchronizer', { leader_id: follower, follower_ids: [leader] })).value.error).toBe('synchronizer_running');
    expect((await call('drop-follower', { user_id: follower })).value.followers).toEqual([expect.objectContaining({ user_id: follower, state: 'dropped' })]);
    expect((await call('stop-synchronizer', {})).value).toMatchObject({ running: false, leader_id: null, followers: [] });
    expect((await call('get-synchronizer-status', {})).value.running).toBe(false);
    for (const id of [leader, follower]) await call('close-browser', { profile_id: id });
    await call('delete-browser', { profile_id: [leader, follower] });
  });

  it('refuses bad input before it reaches the agent', async () => {
    const bad = (await client.callTool({ name: 'create-browser', arguments: { group_id: 'not a number' } })) as { isError?: boolean; content: { text: string }[] };
    expect(bad.isError).toBe(true);
    expect(bad.content[0]!.text).toMatch(/group_id/);
    // A page tool's endpoint must be the agent's own on this machine, never another host.
    const elsewhere = (await client.callTool({ name: 'connect-browser-with-ws', arguments: { wsUrl: 'ws://example.com/devtools/browser/x' } })) as { isError?: boolean; content: { text: string }[] };
    expect(elsewhere.isError).toBe(true);
    expect(elsewhere.content[0]!.text).toMatch(/wsUrl/);
  });
});
