import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useLaunchHarness } from '../support/launchHarness.ts';

/**
 * `npm run --silent facet -- mcp` as an AI agent's host runs it: a real MCP client session over
 * stdio, every tool called against the running agent, a profile made, started, driven,
 * read and stopped through the tools alone.
 */
const h = useLaunchHarness();
let client: Client;

beforeAll(async () => {
  client = new Client({ name: 'facet-e2e', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [path.join(import.meta.dirname, '../../scripts/facet.mjs'), 'mcp'],
      env: { ...(process.env as Record<string, string>), FACET_LOCAL_API_URL: h.agent.baseUrl, FACET_LOCAL_API_KEY: h.agent.key },
      stderr: 'pipe',
    }),
  );
});
afterAll(() => client?.close());

/** A tool's result: its JSON text parsed, and whether it was an error. */
async function call(name: string, args: Record<string, unknown>): Promise<{ isError: boolean; value: any }> {
  const answer = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: { type: string; text: string }[] };
  return { isError: answer.isError === true, value: JSON.parse(answer.content[0]!.text) };
}

describe('the MCP server', () => {
  it('offers the local API\'s operations as tools, and a profile goes from made to stopped through them alone', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['check_profile', 'create_profile', 'get_cookies', 'list_profiles', 'start_profile', 'stop_profile', 'update_profile']);
    expect(tools.find((t) => t.name === 'start_profile')!.inputSchema.required).toEqual(['profile_id']);

    const created = await call('create_profile', { name: 'Made by an agent', start_page: `${h.pages.url}/` });
    expect(created.isError).toBe(false);
    const id = created.value.profile_id as string;
    expect((await call('update_profile', { profile_id: id, name: 'Renamed by an agent', remark: 'via MCP' })).isError).toBe(false);
    const listed = await call('list_profiles', { page_size: 100 });
    expect(listed.value.list.find((p: { user_id: string }) => p.user_id === id)).toMatchObject({ name: 'Renamed by an agent', remark: 'via MCP' });

    const started = await call('start_profile', { profile_id: id, headless: true });
    expect(started.isError).toBe(false);
    const browser = await puppeteer.connect({ browserWSEndpoint: started.value.ws.puppeteer, defaultViewport: null });
    // The start page the tool gave the profile is what the browser opened.
    const page = (await (await browser.waitForTarget((t) => t.url().startsWith(h.pages.url), { timeout: 15_000 })).page())!;
    await page.setCookie({ name: 'agent', value: 'was-here', url: `${h.pages.url}/`, expires: Math.floor(Date.now() / 1000) + 3600 });
    await browser.disconnect();
    const cookies = await call('get_cookies', { profile_id: id });
    expect(JSON.parse(cookies.value.cookies as string).map((c: { name: string; value: string }) => `${c.name}=${c.value}`)).toContain('agent=was-here');
    const check = await call('check_profile', { profile_id: id, lang: 'de' });
    expect(check.value.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect((await call('stop_profile', { profile_id: id })).isError).toBe(false);

    // A refusal reaches the model as an error with the local API's stable code.
    const again = await call('stop_profile', { profile_id: id });
    expect(again).toEqual({ isError: true, value: { error: 'browser_not_running' } });
    expect((await call('start_profile', { profile_id: 'no-such-profile' })).value.error).toBe('profile_not_found');
  });

  it('refuses bad input before it reaches the agent', async () => {
    const bad = (await client.callTool({ name: 'create_profile', arguments: { name: '' } })) as { isError?: boolean; content: { text: string }[] };
    expect(bad.isError).toBe(true);
    expect(bad.content[0]!.text).toMatch(/name/);
  });
});
