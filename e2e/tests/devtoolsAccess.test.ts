import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { chromium as playwright } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { pageWhere } from '../support/browser.ts';
import { useLaunchHarness } from '../support/launchHarness.ts';
import { freePort } from '../support/processes.ts';
import { chromiumPids, listeningPorts } from '../support/processTables.ts';

/**
 * Who may drive a running profile. Chromium has no DevTools port (it speaks to the agent over a
 * pipe); scripts attach to the agent's endpoint, whose URL carries a secret made at each start.
 * Here another local process plays every way in it could try, and is refused.
 */
const h = useLaunchHarness();

/** What a raw WebSocket upgrade gets: 'open', or the HTTP status it was refused with. */
function upgrade(url: string, headers: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => {
      socket.close();
      resolve('open');
    });
    socket.once('unexpected-response', (_request, response) => resolve(String(response.statusCode)));
    socket.once('error', (error) => resolve(`error ${error.message}`));
  });
}

/** A WebSocket upgrade to the endpoint with Node alone, run as `uid` (another user of the machine): 'upgraded' or the refusal's status. */
const upgradeAs = `
const url = new URL(process.argv[1]);
const request = require('node:http').request({ host: url.hostname, port: Number(url.port), path: url.pathname, headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' } });
request.on('upgrade', (res, socket) => { console.log('upgraded ' + res.statusCode); socket.destroy(); });
request.on('response', (res) => console.log('refused ' + res.statusCode));
request.on('error', (e) => console.log('error ' + e.code));
request.end();`;

function upgradeAsUser(uid: number, url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', upgradeAs, url], { uid, gid: uid, cwd: '/', timeout: 20_000 }, (error, stdout) => (error ? reject(error) : resolve(stdout.trim())));
  });
}

describe('the DevTools of a running profile', () => {
  it('has no port of its own: Chromium speaks to the agent over a pipe, and listens on nothing', async () => {
    const id = await h.createProfile('No port');
    const started = await h.agent.call(`/api/v1/browser/start?profile_id=${id}`);
    expect(started.body.code).toBe(0);
    const userDataDir = `${h.agent.dataDir}/profiles/${id}`;
    const pids = chromiumPids(userDataDir);
    expect(pids.length).toBeGreaterThan(0);
    const main = fs.readFileSync(`/proc/${pids[0]}/cmdline`, 'utf8').split('\0');
    expect(main).toContain('--remote-debugging-pipe');
    expect(main.filter((arg) => arg.startsWith('--remote-debugging-port'))).toEqual([]);
    expect(fs.existsSync(`${userDataDir}/DevToolsActivePort`)).toBe(false);
    expect(listeningPorts(pids)).toEqual([]);
    await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);
  });

  it('lets in only a client that holds the start\'s secret, from this machine and no web page', async () => {
    const id = await h.createProfile('Secret endpoint', { cookies: [{ name: 'session', value: 'owner-only', domain: '.shop.example', path: '/' }] });
    // selenium=0: without Selenium's door, which would need no secret.
    const started = await h.agent.call(`/api/v1/browser/start?profile_id=${id}&selenium=0`);
    const endpoint = new URL(started.body.data.ws.puppeteer as string);
    const secret = endpoint.pathname.split('/').pop()!;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(started.body.data.ws.selenium).toBe('');
    expect(started.body.data.debug_port).toBe(endpoint.port);
    const base = `127.0.0.1:${endpoint.port}`;

    // What Chromium's own port answered any local process, the endpoint answers no one without the secret.
    expect((await fetch(`http://${base}/json/version`)).status).toBe(403);
    expect((await fetch(`http://${base}/json/list`)).status).toBe(403);
    expect(await upgrade(`ws://${base}/devtools/browser/`)).toBe('403');
    // One character changed (a secret that ends in x once made this the secret itself: 1 run in 64).
    expect(await upgrade(`ws://${base}/devtools/browser/${secret.slice(0, -1)}${secret.endsWith('x') ? 'y' : 'x'}`)).toBe('403');
    expect(await upgrade(`ws://${base}/devtools/page/${'A'.repeat(32)}`)).toBe('403');
    // With the secret, but from a web page (an Origin) or by a rebound name (a foreign Host).
    expect(await upgrade(endpoint.href, { origin: 'https://evil.example' })).toBe('403');
    expect(await upgrade(endpoint.href, { host: `evil.example:${endpoint.port}` })).toBe('403');
    expect((await fetch(`http://${base}/${secret}/json/version`, { headers: { origin: 'https://evil.example' } })).status).toBe(403);

    // The secret's own forms answer, as Chromium's port did: the browser socket, and /json under the secret.
    const version = (await (await fetch(`http://${base}/${secret}/json/version`)).json()) as { webSocketDebuggerUrl: string; Browser: string };
    expect(version.webSocketDebuggerUrl).toBe(endpoint.href);
    expect(version.Browser).toMatch(/Chrom/);
    // The start answers once the start page is on its way; the list names it once it has committed.
    const startPage = await vi.waitFor(
      async () => {
        const listed = (await (await fetch(`http://${base}/${secret}/json/list`)).json()) as { type: string; url: string; webSocketDebuggerUrl: string }[];
        const found = listed.find((t) => t.type === 'page' && t.url.startsWith(h.pages.url));
        if (!found) throw new Error(`the start page is not listed yet: ${JSON.stringify(listed.map((t) => t.url))}`);
        return found;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(startPage.webSocketDebuggerUrl).toContain(`/${secret}/devtools/page/`);
    expect(await upgrade(startPage.webSocketDebuggerUrl)).toBe('open');

    // Playwright reaches it through the http form too; Puppeteer through the socket.
    const viaHttp = await playwright.connectOverCDP(`http://${base}/${secret}`);
    const page = await pageWhere(viaHttp.contexts()[0]!, (url) => url.startsWith(h.pages.url));
    expect(await page.evaluate(() => navigator.webdriver)).toBe(false);
    await viaHttp.close();
    const driven = await puppeteer.connect({ browserWSEndpoint: endpoint.href, defaultViewport: null });
    const cookies = await driven.cookies();
    expect(cookies.map((c) => c.value)).toContain('owner-only');
    await driven.disconnect();
    await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);
  });

  it('keeps each client to its own sessions: the agent\'s and another script\'s are not reachable', async () => {
    const id = await h.createProfile('Two clients');
    const started = await h.agent.call(`/api/v1/browser/start?profile_id=${id}`);
    const url = started.body.data.ws.puppeteer as string;
    const first = await puppeteer.connect({ browserWSEndpoint: url, defaultViewport: null });
    const second = await puppeteer.connect({ browserWSEndpoint: url, defaultViewport: null });
    const [a, b] = await Promise.all([first.newPage(), second.newPage()]);
    await Promise.all([a.goto(`${h.pages.url}/?a`), b.goto(`${h.pages.url}/?b`)]);
    expect(await a.evaluate(() => location.search)).toBe('?a');
    expect(await b.evaluate(() => location.search)).toBe('?b');
    // A raw client naming a session it did not attach (the first client's page) is told it does not exist.
    const firstSession = (a as unknown as { _client(): { id(): string } })._client().id();
    const raw = new WebSocket(url);
    await new Promise((resolve) => raw.once('open', resolve));
    const answer = await new Promise<{ error?: { message: string } }>((resolve) => {
      raw.once('message', (data) => resolve(JSON.parse(String(data))));
      raw.send(JSON.stringify({ id: 7, sessionId: firstSession, method: 'Runtime.evaluate', params: { expression: 'document.cookie' } }));
    });
    expect(answer.error?.message).toMatch(/Session with given id not found/);
    raw.close();
    // One client leaving leaves the browser and the other client working.
    await first.disconnect();
    expect(await b.evaluate(() => 1 + 1)).toBe(2);
    await second.disconnect();
    expect((await h.agent.call(`/api/v1/browser/active?profile_id=${id}`)).body.data.status).toBe('Active');
    await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);
  });

  it('opens host:port alone with every start as AdsPower\'s does, unless selenium=0 — then a later start opens it on the running browser', async () => {
    const shut = await h.createProfile('Selenium door shut');
    const first = await h.agent.call(`/api/v1/browser/start?profile_id=${shut}&selenium=0`);
    expect(first.body.data.ws.selenium).toBe('');
    expect((await fetch(`http://127.0.0.1:${first.body.data.debug_port}/json/version`)).status).toBe(403);
    const again = await h.agent.call(`/api/v1/browser/start?profile_id=${shut}`);
    expect(again.body.data.ws).toEqual({ puppeteer: first.body.data.ws.puppeteer, selenium: `127.0.0.1:${first.body.data.debug_port}` });
    expect((await fetch(`http://127.0.0.1:${first.body.data.debug_port}/json/version`)).status).toBe(200);
    await h.agent.call(`/api/v1/browser/stop?profile_id=${shut}`);

    const id = await h.createProfile('Selenium door');
    const started = await h.agent.call(`/api/v1/browser/start?profile_id=${id}`);
    const address = started.body.data.ws.selenium as string;
    expect(address).toBe(`127.0.0.1:${started.body.data.debug_port}`);
    const version = (await (await fetch(`http://${address}/json/version`)).json()) as { webSocketDebuggerUrl: string };
    expect(await upgrade(version.webSocketDebuggerUrl)).toBe('open');
    // Still no web page and no rebound name.
    expect((await fetch(`http://${address}/json/version`, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);

    const port = await freePort();
    const fixed = await h.createProfile('Fixed port', { fingerprint: { remoteDebug: { port, logLevel: 'off' } } });
    const onFixed = await h.agent.call(`/api/v1/browser/start?profile_id=${fixed}`);
    expect(onFixed.body.data).toMatchObject({ debug_port: String(port), ws: { selenium: `127.0.0.1:${port}` } });
    expect((await fetch(`http://127.0.0.1:${port}/json/version`)).status).toBe(200);
    await h.agent.call(`/api/v1/browser/stop?profile_id=${fixed}`);

    // The fixed port held by another program: a start failure that says so, not a browser without it.
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', () => resolve()));
    try {
      const refused = await h.agent.call(`/api/v1/browser/start?profile_id=${fixed}`);
      expect(refused.body).toMatchObject({ code: -1, msg: 'debugPortTaken' });
      expect((await h.agent.call(`/api/v1/browser/active?profile_id=${fixed}`)).body.data.status).toBe('Inactive');
    } finally {
      holder.close();
    }
  });

  it.skipIf(process.getuid?.() !== 0)('refuses another user of the machine even with the secret (needs root to act as nobody)', async () => {
    const id = await h.createProfile('Other user');
    const started = await h.agent.call(`/api/v1/browser/start?profile_id=${id}&selenium=1`);
    const url = started.body.data.ws.puppeteer as string;
    expect(await upgradeAsUser(65534, url)).toBe('refused 403');
    // The same request as this user is let in: the refusal is the user, not the request.
    expect(await upgradeAsUser(process.getuid!(), url)).toBe('upgraded 101');
    await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);
  });
});
