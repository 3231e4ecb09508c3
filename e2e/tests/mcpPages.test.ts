import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useLaunchHarness } from '../support/launchHarness.ts';
import { stdioMcpClient } from '../support/mcpClient.ts';

/**
 * An AI agent using a profile through the MCP server's page tools, over stdio and over
 * Streamable HTTP at the local API's /mcp: open the profile, connect, fill and send a form (on a
 * site on loopback), read the answer, look at the screen, and find that the page saw no
 * automation. The page records what it could see itself, at load, before any tool read it.
 */
const h = useLaunchHarness();
let site: http.Server;
let siteUrl: string;

// What a page can look for: the webdriver flag and the globals Puppeteer, Playwright and
// chromedriver leave behind when they inject into the page's own world.
const PROBE = `<script>
  const found = Object.getOwnPropertyNames(window).filter((name) => /puppeteer|playwright|__pw|cdc_|webdriver/i.test(name));
  document.getElementById('probe').textContent = JSON.stringify({ webdriver: navigator.webdriver, found });
</script>`;
const pages: Record<string, (query: URLSearchParams) => string> = {
  '/form': () => `<!doctype html><title>Order</title>
    <form action="/thanks" method="get">
      <input id="name" name="name" value="placeholder">
      <select id="colour" name="colour"><option value="red">Red</option><option value="teal">Teal</option></select>
      <button id="send" type="submit">Send</button>
    </form>
    <iframe id="inner" src="/inner"></iframe>
    <div id="handle" style="width:40px;height:40px;background:#c33">drag</div>
    <div id="drop" style="width:80px;height:80px;margin-top:20px;background:#3c3">drop</div>
    <p id="dropped"></p>
    <script>
      let held = false;
      document.getElementById('handle').onmousedown = () => { held = true; };
      document.getElementById('drop').onmouseup = () => { if (held) document.getElementById('dropped').textContent = 'dropped'; };
      document.onmouseup = () => { held = false; };
    </script>
    <p id="probe"></p>${PROBE}`,
  '/inner': () => `<!doctype html><button id="inside" onclick="parent.document.title = 'clicked inside'">inside</button>`,
  '/thanks': (query) => `<!doctype html><title>Thanks</title><p id="result">Thanks, ${escape(query.get('name'))}: ${escape(query.get('colour'))}</p><p id="probe"></p>${PROBE}`,
};
const escape = (text: string | null) => (text ?? '').replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

beforeAll(async () => {
  site = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const page = pages[url.pathname];
    if (!page) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(url.searchParams));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', () => resolve()));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

type ToolAnswer = { isError?: boolean; content: ({ type: 'text'; text: string } | { type: 'image'; data: string; mimeType: string })[] };

function tools(client: Client) {
  const raw = async (name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as ToolAnswer;
  const text = async (name: string, args: Record<string, unknown> = {}) => {
    const answer = await raw(name, args);
    const first = answer.content[0]!;
    expect(answer.isError ?? false, `${name}: ${first.type === 'text' ? first.text : first.type}`).toBe(false);
    return first.type === 'text' ? first.text : '';
  };
  const json = async (name: string, args: Record<string, unknown> = {}) => JSON.parse(await text(name, args));
  return { raw, text, json };
}

/** A PNG's width and height from its IHDR chunk, after checking the signature. */
function pngSize(base64: string): [number, number] {
  const png = Buffer.from(base64, 'base64');
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

async function driveAProfile(client: Client, name: string): Promise<void> {
  const { raw, text, json } = tools(client);
  const id = await h.createProfile(name);
  const started = await json('open-browser', { profile_id: id });
  // Before a connection, a page tool answers with a code rather than failing the session.
  const unconnected = await raw('get-page-html');
  expect(unconnected.isError).toBe(true);
  expect(JSON.parse((unconnected.content[0] as { text: string }).text)).toMatchObject({ error: 'no_browser_connected' });

  expect(await json('connect-browser-with-ws', { userId: id, wsUrl: started.ws.puppeteer })).toMatchObject({ connected: true });
  await json('open-new-page');
  expect(await json('navigate', { url: `${siteUrl}/form` })).toMatchObject({ status: 200, title: 'Order' });
  expect(await text('get-page-html')).toContain('<select id="colour"');

  await json('iframe-click-element', { iframeSelector: '#inner', selector: '#inside' });
  expect(await json('evaluate-script', { script: 'document.title' })).toBe('clicked inside');
  await json('drag-element', { selector: '#handle', targetSelector: '#drop' });
  expect(await json('evaluate-script', { script: "document.getElementById('dropped').textContent" })).toBe('dropped');
  expect((await raw('click-element', { selector: '#nowhere' })).content[0]).toEqual({ type: 'text', text: JSON.stringify({ error: 'element_not_found', detail: '#nowhere' }) });

  await json('fill-input', { selector: '#name', text: 'Ada Lovelace' });
  await json('select-option', { selector: '#colour', value: 'teal' });
  await json('hover-element', { selector: '#send' });
  await json('scroll-element', { selector: '#send' });
  await json('press-key', { selector: '#name', key: 'Enter' });
  // The form's answer is a new document: read until it has loaded (a read during the navigation may fail).
  await expect.poll(async () => ((await raw('get-page-visible-text')).content[0] as { text: string }).text, { timeout: 10_000 }).toContain('Thanks, Ada Lovelace: teal');

  // The page's own look, taken at load, before any tool read it: no automation to be seen.
  const visible = await text('get-page-visible-text');
  const probe = JSON.parse(/\{"webdriver".*\}/.exec(visible)![0]);
  expect(probe).toEqual({ webdriver: false, found: [] });

  const shot = await raw('screenshot');
  expect(shot.isError ?? false).toBe(false);
  const image = shot.content.find((part) => part.type === 'image') as { data: string; mimeType: string };
  expect(image.mimeType).toBe('image/png');
  const [width, height] = pngSize(image.data);
  // The profile's window, in device pixels: the profile's 1366×768 screen holds it.
  const window = await json('evaluate-script', { script: '[innerWidth * devicePixelRatio, innerHeight * devicePixelRatio, screen.width, screen.height]' });
  expect([width, height]).toEqual([window[0], window[1]]);
  expect([window[2], window[3]]).toEqual([1366, 768]);
  expect(width).toBeGreaterThan(300);

  await json('close-browser', { profile_id: id });
  expect(JSON.parse(((await raw('get-page-visible-text')).content[0] as { text: string }).text)).toMatchObject({ error: 'browser_not_running' });
  // Opened again (a new endpoint, with a new secret): the session finds it without connecting anew.
  await json('open-browser', { profile_id: id });
  expect(await json('evaluate-script', { script: 'location.protocol' })).toMatch(/^(http|about|chrome)/);
  await json('close-browser', { profile_id: id });
}

describe('the MCP page tools', () => {
  it('over stdio: fill and send a form, read the answer, see the screen; the page sees no automation', async () => {
    const client = await stdioMcpClient(h.agent);
    try {
      await driveAProfile(client, 'Driven over stdio');
    } finally {
      await client.close();
    }
  });

  it('over Streamable HTTP at the local API\'s /mcp, with the key', async () => {
    const client = new Client({ name: 'facet-e2e-http', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${h.agent.baseUrl}/mcp`), { requestInit: { headers: { authorization: `Bearer ${h.agent.key}` } } });
    await client.connect(transport);
    try {
      expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      await driveAProfile(client, 'Driven over HTTP');
    } finally {
      await transport.terminateSession();
      await client.close();
    }
  });

  it('refuses /mcp without the key, from a web page\'s origin and by a name in Host', async () => {
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
    const post = (headers: Record<string, string>) =>
      fetch(`${h.agent.baseUrl}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(initialize) });
    expect((await post({})).status).toBe(401);
    expect((await post({ authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await post({ authorization: `Bearer ${h.agent.key}`, origin: 'https://evil.example' })).status).toBe(403);
    // A name in Host is what DNS rebinding points at us: only this machine's addresses pass.
    const byName = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${h.agent.baseUrl}/mcp`);
      http
        .request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { host: `rebound.example:${url.port}`, authorization: `Bearer ${h.agent.key}`, 'content-type': 'application/json' } }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
        .on('error', reject)
        .end(JSON.stringify(initialize));
    });
    expect(byName).toBe(403);
    const keyless = new Client({ name: 'no-key', version: '1.0.0' });
    await expect(keyless.connect(new StreamableHTTPClientTransport(new URL(`${h.agent.baseUrl}/mcp`)))).rejects.toThrow();
    // The key alone is enough to begin: the same request with it opens a session.
    const admitted = await post({ authorization: `Bearer ${h.agent.key}` });
    expect(admitted.status).toBe(200);
    expect(admitted.headers.get('mcp-session-id')).toMatch(/^[0-9a-f-]{36}$/);
    await admitted.body?.cancel();
  });
});
